import 'server-only';
import { getAgent } from '@/lib/agents/get-agent';
import { AppError } from '@/lib/app-error';
import type { Db } from '@/lib/db/schema';
import type { ToolRegistry } from '@/registry';
import { toAssignment, type AssignmentView } from './assignment';
import { viewAssignment } from './assignment-view';
import { findAssignmentRow } from './find-assignment-row';
import { toolLookup } from './tool-lookup';

/** What `getAssignment` needs. */
export interface GetAssignmentOptions {
  db: Db;
  registry: ToolRegistry;
  agentId: string;
  toolName: string;
}

/** One assignment with its status; AppError `not_found` naming the agent, or the agent and the tool. */
export async function getAssignment({ db, registry, agentId, toolName }: GetAssignmentOptions): Promise<AssignmentView> {
  await getAgent({ db, id: agentId });
  const row = await findAssignmentRow(db, agentId, toolName);
  if (!row) throw new AppError('not_found', `Agent "${agentId}" has no tool "${toolName}" assigned`);
  return viewAssignment(toAssignment(row), toolLookup(registry));
}
