import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Db } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';
import { toAgent, type Agent } from './agent';

/** What `getAgent` needs. */
export interface GetAgentOptions {
  db: Db;
  id: string;
}

/** One agent; AppError `not_found` naming the id when there is none. */
export async function getAgent({ db, id }: GetAgentOptions): Promise<Agent> {
  const row = isStorableText(id) ? await db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  if (!row) throw new AppError('not_found', `Agent "${id}" was not found`);
  return toAgent(row);
}
