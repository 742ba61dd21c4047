import 'server-only';
import type { Selectable } from 'kysely';
import type { AgentsTable, Db } from '@/lib/db/schema';

/**
 * Reads an agent and locks its row until the transaction ends, or answers undefined when
 * there is no such agent. Every write to an agent or its assignments takes this lock first,
 * so on PostgreSQL they take turns per agent (SQLite's BEGIN IMMEDIATE already locks the
 * whole file). An UPDATE that changes nothing locks the row on both engines, where
 * SELECT … FOR UPDATE does not exist in SQLite.
 */
export async function lockAgent(trx: Db, id: string): Promise<Selectable<AgentsTable> | undefined> {
  return trx
    .updateTable('agents')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
