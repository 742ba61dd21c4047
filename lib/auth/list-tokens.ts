import 'server-only';
import type { Db } from '@/lib/db/schema';
import type { Actor } from './actor';
import { toApiToken, type ApiToken } from './api-token';
import { authorize } from './authorize';
import { agentUsesOf } from './token-agent-uses';

/** What `listTokens` needs. */
export interface ListTokensOptions {
  db: Db;
  actor: Actor;
}

/** Every API token, newest first, revoked ones too (never their secrets), each with its last use per agent; AppError `forbidden` without `tokens:manage`. */
export async function listTokens({ db, actor }: ListTokensOptions): Promise<ApiToken[]> {
  authorize(actor, 'tokens:manage');
  const rows = await db.selectFrom('api_tokens').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
  const uses = await agentUsesOf(db, rows.map((row) => row.id));
  return rows.map((row) => toApiToken(row, uses.get(row.id)));
}
