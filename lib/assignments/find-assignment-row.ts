import 'server-only';
import type { Selectable } from 'kysely';
import type { AssignmentsTable, Db } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';

/** The stored assignment of `toolName` to `agentId`, or undefined; a name no row can have (a NUL) finds none. */
export async function findAssignmentRow(db: Db, agentId: string, toolName: string): Promise<Selectable<AssignmentsTable> | undefined> {
  if (!isStorableText(agentId) || !isStorableText(toolName)) return undefined;
  return db
    .selectFrom('assignments')
    .selectAll()
    .where('agent_id', '=', agentId)
    .where('tool_name', '=', toolName)
    .executeTakeFirst();
}
