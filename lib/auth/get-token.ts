import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Db } from '@/lib/db/schema';
import type { Actor } from './actor';
import { toApiToken, type ApiToken } from './api-token';
import { authorize } from './authorize';
import { agentUsesOf } from './token-agent-uses';

/** What `getToken` needs. */
export interface GetTokenOptions {
  db: Db;
  actor: Actor;
  id: string;
}

/** One API token (never its secret) with its last use per agent. AppError `forbidden` without `tokens:manage`, `not_found`. */
export async function getToken({ db, actor, id }: GetTokenOptions): Promise<ApiToken> {
  authorize(actor, 'tokens:manage');
  const row = await db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('not_found', `Token "${id}" was not found`);
  return toApiToken(row, (await agentUsesOf(db, [id])).get(id));
}
