import 'server-only';
import type { Db } from '@/lib/db/schema';
import type { Actor } from './actor';
import { toApiToken, type ApiToken } from './api-token';
import { authorize } from './authorize';

/** What `listTokens` needs. */
export interface ListTokensOptions {
  db: Db;
  actor: Actor;
}

/** Every API token, newest first, revoked ones too (never their secrets); AppError `forbidden` without `tokens:manage`. */
export async function listTokens({ db, actor }: ListTokensOptions): Promise<ApiToken[]> {
  authorize(actor, 'tokens:manage');
  const rows = await db.selectFrom('api_tokens').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map(toApiToken);
}
