import 'server-only';
import { getAgent } from '@/lib/agents';
import { AppError } from '@/lib/app-error';
import { getAssignment, type AssignmentView } from '@/lib/assignments';
import type { Actor } from '@/lib/auth/actor';
import type { Db } from '@/lib/db';
import type { ToolRegistry } from '@/registry';

/** Which assignment a PUT would replace. */
export interface AssignmentToReplaceOptions {
  db: Db;
  actor: Actor;
  registry: ToolRegistry;
  agentId: string;
  toolName: string;
}

/**
 * What a PUT's `If-Match: *` or tag list is matched against. A tool not assigned yet has no
 * current version, so any If-Match fails: `precondition_failed` (RFC 9110 §13.1.1). An
 * unknown agent stays `not_found`.
 */
export async function assignmentToReplace({ db, actor, registry, agentId, toolName }: AssignmentToReplaceOptions): Promise<AssignmentView> {
  try {
    return await getAssignment({ db, actor, registry, agentId, toolName });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'not_found') throw error;
    await getAgent({ db, actor, id: agentId });
    throw new AppError(
      'precondition_failed',
      `Agent "${agentId}" has no tool "${toolName}" assigned, so If-Match cannot match it; send the PUT without If-Match to create it`,
    );
  }
}
