import 'server-only';
import type { Db } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';

/** Whether an agent with this id is stored; an id no row can have (a NUL) answers false. */
export async function agentExists(db: Db, id: string): Promise<boolean> {
  if (!isStorableText(id)) return false;
  return (await db.selectFrom('agents').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
