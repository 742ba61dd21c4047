import 'server-only';
import type { Db } from '@/lib/db/schema';
import { ProblemError } from '@/lib/http/problem';
import { inTransaction } from '@/lib/db/transaction';
import { hashSecret } from '../token-secret';
import { oauthError } from './oauth-error';
import { agentIdOfResource } from './oauth-urls';
import { expiryAfter, newOAuthSecret, OAUTH_LIFETIMES_SECONDS } from './oauth-tokens';
import { OAUTH_SCOPE } from './metadata';
import { verifiesS256 } from './pkce';

/** The token endpoint's answer (RFC 6749 §5.1). */
export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** The longest value any token request parameter may have. */
const MAX_PARAM = 2000;

/**
 * The token endpoint (RFC 6749 §3.2) for public clients: `authorization_code` with its PKCE
 * verifier (S256), or `refresh_token` (rotated: the old one is spent). Each answer is an access
 * token bound to one agent (its audience): the code's agent, or for a refresh the `resource`
 * asked for if it is an agent of the grant (RFC 8707). Throws OAuth errors: `invalid_request`,
 * `unsupported_grant_type`, `invalid_grant` (unknown, spent, expired or revoked; wrong client,
 * redirect URI or verifier), `invalid_target` (a resource outside the grant).
 */
export async function exchangeToken({ db, form, origin, now = new Date() }: { db: Db; form: URLSearchParams; origin: string; now?: Date }): Promise<TokenAnswer> {
  const param = (name: string): string | undefined => {
    const value = form.get(name) ?? undefined;
    if (value !== undefined && value.length > MAX_PARAM) throw oauthError('invalid_request', `${name} is too long`);
    return value;
  };
  const grantType = param('grant_type');
  const clientId = param('client_id');
  if (!clientId) throw oauthError('invalid_request', 'client_id is required (public clients identify themselves by it)');
  const resource = param('resource');
  const resourceAgent = resource === undefined ? undefined : agentIdOfResource(origin, resource);
  if (resource !== undefined && resourceAgent === undefined) throw oauthError('invalid_target', `resource "${resource.slice(0, 300)}" is not an agent's MCP endpoint on ${origin}`);
  if (grantType === 'authorization_code') return fromCode({ db, now, clientId, resourceAgent, code: param('code'), verifier: param('code_verifier'), redirectUri: param('redirect_uri') });
  if (grantType === 'refresh_token') return fromRefresh({ db, now, clientId, resourceAgent, refreshToken: param('refresh_token') });
  throw oauthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
}

interface Exchange {
  db: Db;
  now: Date;
  clientId: string;
  resourceAgent: string | undefined;
}

async function fromCode({ db, now, clientId, resourceAgent, code, verifier, redirectUri }: Exchange & { code?: string; verifier?: string; redirectUri?: string }): Promise<TokenAnswer> {
  if (!code || !verifier || !redirectUri) throw oauthError('invalid_request', 'code, code_verifier and redirect_uri are required');
  // The code is spent even when the exchange fails, so the refusal is thrown after the transaction commits.
  const outcome = await inTransaction(db, async (trx): Promise<TokenAnswer | ProblemError> => {
    const row = await trx
      .selectFrom('oauth_codes')
      .innerJoin('oauth_grants', 'oauth_grants.id', 'oauth_codes.grant_id')
      .select(['oauth_codes.code_hash', 'oauth_codes.redirect_uri', 'oauth_codes.code_challenge', 'oauth_codes.agent_id', 'oauth_codes.expires_at', 'oauth_grants.id as grant_id', 'oauth_grants.client_id', 'oauth_grants.revoked_at'])
      .where('oauth_codes.code_hash', '=', hashSecret(code))
      .executeTakeFirst();
    // Spent on first sight, whatever follows: a code is good for one try (RFC 6749 §4.1.2).
    if (row) await trx.deleteFrom('oauth_codes').where('code_hash', '=', row.code_hash).execute();
    if (!row || row.revoked_at !== null || Date.parse(row.expires_at) <= now.getTime()) return oauthError('invalid_grant', 'The authorization code is unknown, used, expired or revoked');
    if (row.client_id !== clientId) return oauthError('invalid_grant', 'The authorization code was issued to another client');
    if (row.redirect_uri !== redirectUri) return oauthError('invalid_grant', 'redirect_uri differs from the authorization request\'s');
    if (!verifiesS256(verifier, row.code_challenge)) return oauthError('invalid_grant', 'code_verifier does not match the code_challenge (S256)');
    if (resourceAgent !== undefined && resourceAgent !== row.agent_id) return oauthError('invalid_target', 'resource differs from the authorization request\'s');
    return issue(trx, row.grant_id, row.agent_id, now);
  });
  if (outcome instanceof ProblemError) throw outcome;
  return outcome;
}

async function fromRefresh({ db, now, clientId, resourceAgent, refreshToken }: Exchange & { refreshToken?: string }): Promise<TokenAnswer> {
  if (!refreshToken) throw oauthError('invalid_request', 'refresh_token is required');
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('oauth_tokens')
      .innerJoin('oauth_grants', 'oauth_grants.id', 'oauth_tokens.grant_id')
      .select(['oauth_tokens.token_hash', 'oauth_tokens.kind', 'oauth_tokens.agent_id', 'oauth_tokens.expires_at', 'oauth_grants.id as grant_id', 'oauth_grants.client_id', 'oauth_grants.agent_ids', 'oauth_grants.revoked_at'])
      .where('oauth_tokens.token_hash', '=', hashSecret(refreshToken))
      .executeTakeFirst();
    if (!row || row.kind !== 'refresh' || row.revoked_at !== null || Date.parse(row.expires_at) <= now.getTime()) throw oauthError('invalid_grant', 'The refresh token is unknown, used, expired or revoked');
    if (row.client_id !== clientId) throw oauthError('invalid_grant', 'The refresh token was issued to another client');
    const agentId = resourceAgent ?? row.agent_id;
    if (!(JSON.parse(row.agent_ids) as string[]).includes(agentId)) throw oauthError('invalid_target', `The grant does not include agent "${agentId}"; ask the user to approve it`);
    await trx.deleteFrom('oauth_tokens').where('token_hash', '=', row.token_hash).execute();
    return issue(trx, row.grant_id, agentId, now);
  });
}

async function issue(trx: Db, grantId: string, agentId: string, now: Date): Promise<TokenAnswer> {
  const access = newOAuthSecret('access');
  const refresh = newOAuthSecret('refresh');
  const createdAt = now.toISOString();
  await trx
    .insertInto('oauth_tokens')
    .values([
      { token_hash: hashSecret(access), kind: 'access', grant_id: grantId, agent_id: agentId, expires_at: expiryAfter(now, OAUTH_LIFETIMES_SECONDS.access), created_at: createdAt },
      { token_hash: hashSecret(refresh), kind: 'refresh', grant_id: grantId, agent_id: agentId, expires_at: expiryAfter(now, OAUTH_LIFETIMES_SECONDS.refresh), created_at: createdAt },
    ])
    .execute();
  // Expired tokens of the grant go as new ones come, so the table holds what may still be used.
  await trx.deleteFrom('oauth_tokens').where('grant_id', '=', grantId).where('expires_at', '<=', createdAt).execute();
  return { access_token: access, token_type: 'Bearer', expires_in: OAUTH_LIFETIMES_SECONDS.access, refresh_token: refresh, scope: OAUTH_SCOPE };
}
