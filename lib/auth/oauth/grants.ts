import 'server-only';
import { AppError } from '@/lib/app-error';
import { recordAuditEvent } from '@/lib/audit';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import type { UserActor } from '../actor';
import type { OAuthGrantSummary } from './grant-summary';

export type { OAuthGrantSummary };


/** The most grants one page lists. */
const MAX_GRANTS = 500;

/** The grants not revoked: the user's own, or everyone's for an admin; newest first. */
export async function listGrants({ db, actor }: { db: Db; actor: UserActor }): Promise<OAuthGrantSummary[]> {
  let query = db
    .selectFrom('oauth_grants')
    .innerJoin('oauth_clients', 'oauth_clients.id', 'oauth_grants.client_id')
    .leftJoin('auth_user', 'auth_user.id', 'oauth_grants.user_id')
    .select(['oauth_grants.id', 'oauth_grants.client_id', 'oauth_clients.name', 'oauth_clients.redirect_uris', 'auth_user.email', 'oauth_grants.agent_ids', 'oauth_grants.created_at', 'oauth_grants.last_used_at'])
    .where('oauth_grants.revoked_at', 'is', null);
  if (actor.role !== 'admin') query = query.where('oauth_grants.user_id', '=', actor.userId);
  const rows = await query.orderBy('oauth_grants.created_at', 'desc').limit(MAX_GRANTS).execute();
  return rows.map((row) => ({
    id: row.id,
    clientId: row.client_id,
    clientName: row.name,
    redirectUris: JSON.parse(row.redirect_uris) as string[],
    userEmail: row.email,
    agents: JSON.parse(row.agent_ids) as string[],
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  }));
}

/**
 * Revokes a grant: its tokens are refused from the next request on (they are checked against
 * the grant on every call), its codes and refresh tokens are deleted. Audited (`oauth.revoke`).
 * AppError `not_found` for a grant that is not there, already revoked, or another user's (for
 * anyone but an admin).
 */
export async function revokeGrant({ db, actor, id, now = new Date() }: { db: Db; actor: UserActor; id: string; now?: Date }): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('oauth_grants')
      .innerJoin('oauth_clients', 'oauth_clients.id', 'oauth_grants.client_id')
      .select(['oauth_grants.id', 'oauth_grants.user_id', 'oauth_grants.agent_ids', 'oauth_clients.name'])
      .where('oauth_grants.id', '=', id)
      .where('oauth_grants.revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row || (actor.role !== 'admin' && row.user_id !== actor.userId)) throw new AppError('not_found', `No connection "${id}"`);
    const revokedAt = now.toISOString();
    await trx.updateTable('oauth_grants').set({ revoked_at: revokedAt }).where('id', '=', id).execute();
    await trx.deleteFrom('oauth_codes').where('grant_id', '=', id).execute();
    // Access tokens stay until they expire (an hour at most), so a late call is refused and audited by name.
    await trx.deleteFrom('oauth_tokens').where('grant_id', '=', id).where('kind', '=', 'refresh').execute();
    const before = { client: row.name, agents: JSON.parse(row.agent_ids) as string[] };
    await recordAuditEvent(trx, { actor, action: 'oauth.revoke', target: `oauth/grants/${id}`, before, after: { revokedAt } });
  });
}
