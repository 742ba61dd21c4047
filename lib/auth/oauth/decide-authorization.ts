import 'server-only';
import { randomUUID } from 'node:crypto';
import { AppError } from '@/lib/app-error';
import { recordAuditEvent } from '@/lib/audit';
import { recordAuditEventNow } from '@/lib/audit/record-audit-event-now';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import type { UserActor } from '../actor';
import { hashSecret } from '../token-secret';
import { checkAuthorizationRequest, clientRedirect, type AuthorizationParams } from './authorization-request';
import { MAX_GRANT_AGENTS } from './grant-limits';
import { ungrantable } from './grantable-agents';
import { expiryAfter, newOAuthSecret, OAUTH_LIFETIMES_SECONDS } from './oauth-tokens';


/** What the user decided on the consent page. */
export interface AuthorizationDecision {
  db: Db;
  actor: UserActor;
  origin: string;
  params: AuthorizationParams;
  approve: boolean;
  /** The agents the user lets the client reach (with `approve`); must include the one asked for. */
  agentIds: readonly string[];
  now?: Date;
}

/**
 * Records the user's answer to an authorization request and says where to send the browser.
 * Approved: the user's grant to this client (one per user and client; a new approval replaces its
 * agents) and a single-use code for the agent asked for, both audited (`oauth.grant`). Denied:
 * audited (`oauth.deny`), the client told `access_denied`. AppError `invalid` for a request that
 * does not check out (see checkAuthorizationRequest), `unprocessable` for no agents, too many,
 * the asked-for agent left out, or agents the user may not use.
 */
export async function decideAuthorization({ db, actor, origin, params, approve, agentIds, now = new Date() }: AuthorizationDecision): Promise<{ redirectTo: string }> {
  const check = await checkAuthorizationRequest({ db, params, origin });
  if (!check.ok) throw new AppError('invalid', check.refusal.message);
  const { request } = check;
  if (!approve) {
    await recordAuditEventNow(db, {
      actor,
      action: 'oauth.deny',
      target: `oauth/clients/${request.clientId}`,
      before: null,
      after: { client: request.clientName, redirectUri: request.redirectUri, agent: request.agentId },
    });
    return { redirectTo: clientRedirect(request.redirectUri, { error: 'access_denied', error_description: 'The user refused access', state: request.state }, origin) };
  }
  const agents = [...new Set(agentIds)];
  if (agents.length === 0 || agents.length > MAX_GRANT_AGENTS) throw new AppError('unprocessable', `Choose between 1 and ${MAX_GRANT_AGENTS} agents`);
  if (!agents.includes(request.agentId)) throw new AppError('unprocessable', `"${request.clientName}" asked for agent "${request.agentId}": include it, or deny`);
  const refused = await ungrantable({ db, actor, agentIds: agents });
  if (refused.length > 0) throw new AppError('unprocessable', `You may not let a client reach ${refused.map((id) => `"${id}"`).join(', ')}: only agents you may use yourself`);
  const code = newOAuthSecret('code');
  await inTransaction(db, async (trx) => {
    const existing = await trx
      .selectFrom('oauth_grants')
      .selectAll()
      .where('client_id', '=', request.clientId)
      .where('user_id', '=', actor.userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    const grantId = existing?.id ?? randomUUID();
    const after = { client: request.clientName, clientId: request.clientId, redirectUri: request.redirectUri, user: actor.email, agents };
    if (existing) {
      await trx.updateTable('oauth_grants').set({ agent_ids: JSON.stringify(agents) }).where('id', '=', grantId).execute();
    } else {
      await trx.insertInto('oauth_grants').values({ id: grantId, client_id: request.clientId, user_id: actor.userId, agent_ids: JSON.stringify(agents), created_at: now.toISOString(), last_used_at: null, revoked_at: null }).execute();
    }
    await trx
      .insertInto('oauth_codes')
      .values({ code_hash: hashSecret(code), grant_id: grantId, redirect_uri: request.redirectUri, code_challenge: request.codeChallenge, agent_id: request.agentId, expires_at: expiryAfter(now, OAUTH_LIFETIMES_SECONDS.code) })
      .execute();
    const before = existing ? { agents: JSON.parse(existing.agent_ids) as string[] } : null;
    await recordAuditEvent(trx, { actor, action: 'oauth.grant', target: `oauth/grants/${grantId}`, before, after });
  });
  return { redirectTo: clientRedirect(request.redirectUri, { code, state: request.state }, origin) };
}
