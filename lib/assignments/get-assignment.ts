import 'server-only';
import { getAgent } from '@/lib/agents/get-agent';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import type { Db } from '@/lib/db/schema';
import type { ToolRegistry } from '@/registry';
import { toAssignment, type AssignmentView } from './assignment';
import { viewAssignment } from './assignment-view';
import { findAssignmentRow } from './find-assignment-row';
import { toolLookup } from './tool-lookup';

/** What `getAssignment` needs. */
export interface GetAssignmentOptions {
  db: Db;
  actor: Actor;
  registry: ToolRegistry;
  agentId: string;
  toolName: string;
}

/** One assignment with its status; AppError `forbidden` without `agents:read`, `not_found` naming the agent, or the agent and the tool. */
export async function getAssignment({ db, actor, registry, agentId, toolName }: GetAssignmentOptions): Promise<AssignmentView> {
  await getAgent({ db, actor, id: agentId });
  const row = await findAssignmentRow(db, agentId, toolName);
  if (!row) throw new AppError('not_found', `Agent "${agentId}" has no tool "${toolName}" assigned`);
  return viewAssignment(toAssignment(row), toolLookup(registry));
}
