import 'server-only';
import type { Db } from '@/lib/db/schema';

/** Agents with the number of their assignments, for the list. */
export function selectAgentsWithCounts(db: Db) {
  return db
    .selectFrom('agents')
    .leftJoin('assignments', 'assignments.agent_id', 'agents.id')
    .selectAll('agents')
    .select((eb) => eb.fn.count('assignments.tool_name').as('assignment_count'))
    .groupBy('agents.id');
}
