import 'server-only';
import type { Selectable } from 'kysely';
import { compiledOnce } from '@/lib/db/compiled-once';
import type { AssignmentsTable, Db } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';

/** The stored assignment of `toolName` to `agentId`, or undefined; a name no row can have (a NUL) finds none. */
export async function findAssignmentRow(db: Db, agentId: string, toolName: string): Promise<Selectable<AssignmentsTable> | undefined> {
  if (!isStorableText(agentId) || !isStorableText(toolName)) return undefined;
  return (await selectRow(db, agentId, toolName))[0];
}

/** The SELECT, compiled once: every save and tool call of an assignment reads its row. */
const selectRow = compiledOnce<[string, string], Selectable<AssignmentsTable>>(2, (db, agentId, toolName) =>
  db.selectFrom('assignments').selectAll().where('agent_id', '=', agentId).where('tool_name', '=', toolName),
);
