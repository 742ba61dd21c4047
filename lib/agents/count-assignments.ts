import 'server-only';
import type { Db } from '@/lib/db/schema';

/** How many tools are assigned to the agent. */
export async function countAssignments(db: Db, agentId: string): Promise<number> {
  const row = await db
    .selectFrom('assignments')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('agent_id', '=', agentId)
    .executeTakeFirstOrThrow();
  // PostgreSQL counts in bigint, which pg hands over as a string.
  return Number(row.count);
}
