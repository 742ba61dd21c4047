import 'server-only';
import type { Selectable } from 'kysely';
import { agentNotFound } from '@/lib/agents/agent-not-found';
import { compiledOnce } from '@/lib/db/compiled-once';
import type { AgentsTable, Db } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';

/**
 * Reads an agent and locks its row until the transaction ends; AppError `not_found` when
 * there is no such agent. Every write to an agent or its assignments takes this lock first,
 * so on PostgreSQL they take turns per agent (SQLite's BEGIN IMMEDIATE already locks the
 * whole file). An UPDATE that changes nothing locks the row on both engines, where
 * SELECT … FOR UPDATE does not exist in SQLite. An id no row can have (a NUL) is no agent.
 */
export async function lockAgent(trx: Db, id: string): Promise<Selectable<AgentsTable>> {
  const row = isStorableText(id) ? (await lockRow(trx, id))[0] : undefined;
  if (!row) throw agentNotFound(id);
  return row;
}

/** The locking UPDATE, compiled once: every write to an agent or its assignments runs it. */
const lockRow = compiledOnce<[string], Selectable<AgentsTable>>(1, (trx, id) =>
  trx
    .updateTable('agents')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', id)
    .returningAll(),
);
