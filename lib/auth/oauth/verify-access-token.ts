import 'server-only';
import { AppError } from '@/lib/app-error';
import { recordAuditEventNow } from '@/lib/audit/record-audit-event-now';
import type { Db } from '@/lib/db/schema';
import type { TokenActor } from '../actor';
import { isRole, ROLE_PERMISSIONS } from '../permissions';
import { hashSecret } from '../token-secret';
import { agentIdOfMcpPath } from './oauth-urls';

/** How often a grant's last use is written: at most once a minute. */
const LAST_USE_RESOLUTION_MS = 60_000;

/** What `verifyOAuthAccessToken` needs: the secret and the request it came with (its path is checked against the audience). */
export interface VerifyOAuthAccessTokenOptions {
  db: Db;
  secret: string;
  pathname: string;
  now?: Date;
}

/**
 * The actor of an OAuth access token: a `runtime` token for the one agent it was issued for.
 * Read from the database on every call (no cache), so a revoked grant, a narrowed agent set, a
 * disabled user or a user who lost the `runtime` permission is refused at once. AppError
 * `unauthenticated` for an unknown or expired token, a revoked grant, and for any address but
 * the audience agent's MCP endpoint (RFC 8707: a token for agent A is no token on agent B);
 * refusals of a known token are audited (`oauth.refused`).
 */
export async function verifyOAuthAccessToken({ db, secret, pathname, now = new Date() }: VerifyOAuthAccessTokenOptions): Promise<TokenActor> {
  const row = await db
    .selectFrom('oauth_tokens')
    .innerJoin('oauth_grants', 'oauth_grants.id', 'oauth_tokens.grant_id')
    .innerJoin('oauth_clients', 'oauth_clients.id', 'oauth_grants.client_id')
    .leftJoin('auth_user', 'auth_user.id', 'oauth_grants.user_id')
    .select([
      'oauth_tokens.kind',
      'oauth_tokens.agent_id',
      'oauth_tokens.expires_at',
      'oauth_grants.id as grant_id',
      'oauth_grants.agent_ids',
      'oauth_grants.revoked_at',
      'oauth_grants.last_used_at',
      'oauth_clients.name as client_name',
      'auth_user.email',
      'auth_user.role',
      'auth_user.banned',
    ])
    .where('oauth_tokens.token_hash', '=', hashSecret(secret))
    .executeTakeFirst();
  if (!row || row.kind !== 'access' || Date.parse(row.expires_at) <= now.getTime()) throw new AppError('unauthenticated', 'The access token is not valid or has expired');
  const actor: TokenActor = Object.freeze({
    kind: 'token',
    id: `oauth:${row.grant_id}`,
    displayName: `Token "${row.client_name} (OAuth, ${row.email ?? 'removed user'})"`,
    tokenId: row.grant_id,
    scopes: Object.freeze(['runtime'] as const),
    // Audience-bound (RFC 8707): the token reaches the one agent it was issued for.
    agents: Object.freeze({ all: false, ids: Object.freeze([row.agent_id]) }),
  });
  const refusal = refusalOf(row, pathname);
  if (refusal !== undefined) {
    await recordAuditEventNow(db, { actor, action: 'oauth.refused', target: `oauth/grants/${row.grant_id}`, before: null, after: { path: pathname.slice(0, 300), audience: row.agent_id, reason: refusal } }).catch((error: unknown) => {
      console.error('Could not record a refused OAuth token in the audit log', error);
    });
    throw new AppError('unauthenticated', refusal);
  }
  if (row.last_used_at === null || now.getTime() - Date.parse(row.last_used_at) >= LAST_USE_RESOLUTION_MS) {
    await db.updateTable('oauth_grants').set({ last_used_at: now.toISOString() }).where('id', '=', row.grant_id).execute();
  }
  return actor;
}

interface GrantReading {
  agent_id: string;
  agent_ids: string;
  revoked_at: string | null;
  role: string | null;
  banned: unknown;
}

/** Why a known, unexpired token may not be used on `pathname`; undefined when it may. */
function refusalOf(row: GrantReading, pathname: string): string | undefined {
  if (row.revoked_at !== null) return 'The access token\'s grant was revoked';
  if (row.role === null || !isRole(row.role) || !ROLE_PERMISSIONS[row.role].includes('runtime') || Boolean(row.banned)) {
    return 'The user who granted this access may no longer use agents';
  }
  if (!(JSON.parse(row.agent_ids) as string[]).includes(row.agent_id)) return 'The grant no longer includes this token\'s agent';
  if (agentIdOfMcpPath(pathname) !== row.agent_id) return 'The access token was issued for another resource (its audience is one agent\'s MCP endpoint)';
  return undefined;
}
