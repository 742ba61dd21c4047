import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Db } from '@/lib/db/schema';

/**
 * Checks that the agent exists, for callers already authorized for the runtime (whose tokens
 * need not read agents). AppError `not_found` naming the agent.
 */
export async function requireAgent(db: Db, agentId: string): Promise<void> {
  const row = await db.selectFrom('agents').select('id').where('id', '=', agentId).executeTakeFirst();
  if (!row) throw new AppError('not_found', `Agent "${agentId}" was not found`);
}
