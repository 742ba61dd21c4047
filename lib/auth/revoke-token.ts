import 'server-only';
import { AppError } from '@/lib/app-error';
import { tokenTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import type { Actor } from './actor';
import { toApiToken, type ApiToken } from './api-token';
import { authorize } from './authorize';
import { announceTokenRevoked } from './token-cache';

/** What `revokeToken` needs. */
export interface RevokeTokenOptions {
  db: Db;
  actor: Actor;
  id: string;
}

/**
 * Revokes an API token: the next request with it is refused. AppError `forbidden` without
 * `tokens:manage`, `not_found`. Revoking a revoked token changes nothing and answers it as it is.
 */
export async function revokeToken({ db, actor, id }: RevokeTokenOptions): Promise<ApiToken> {
  authorize(actor, 'tokens:manage');
  const token = await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('not_found', `Token "${id}" was not found`);
    if (row.revoked_at !== null) return toApiToken(row);
    const revoked = await trx
      .updateTable('api_tokens')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAuditEvent(trx, { actor, action: 'token.revoke', target: tokenTarget(id), before: toApiToken(row), after: toApiToken(revoked) });
    return toApiToken(revoked);
  });
  // After the commit: the token stops working on this instance now, on the others once they hear.
  await announceTokenRevoked(id);
  return token;
}
