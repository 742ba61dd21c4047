import 'server-only';
import { randomUUID } from 'node:crypto';
import { AppError } from '@/lib/app-error';
import { tokenTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { Db } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';
import { inTransaction } from '@/lib/db/transaction';
import type { Actor } from './actor';
import { toApiToken, type ApiToken } from './api-token';
import { authorize } from './authorize';
import { isTokenScope, type TokenScope } from './permissions';
import { resolveAgentSet, storedAgents } from './token-agents';
import { hashSecret, newSecret, prefixOf } from './token-secret';
import { MAX_TOKEN_NAME_LENGTH } from './token-limits';

/** What `createToken` needs. */
export interface CreateTokenOptions {
  db: Db;
  actor: Actor;
  /** `agents`: `"all"` or agent ids; left out, the token reaches all agents (as tokens did before agent sets). */
  input: { name: string; scopes: readonly string[]; agents?: unknown; expiresAt?: string | null };
  now?: Date;
}

/**
 * Creates an API token and answers its secret, which is stored only as a SHA-256 hash and
 * shown this once. AppError `forbidden` without `tokens:manage`; `invalid` (with field errors)
 * for an empty or long name, no scope or an unknown one, an agent set that is neither `"all"` nor a
 * list of existing agents, or an expiry that is not a future time.
 */
export async function createToken({ db, actor, input, now = new Date() }: CreateTokenOptions): Promise<{ token: ApiToken; secret: string }> {
  authorize(actor, 'tokens:manage');
  const name = input.name.trim();
  if (name === '' || name.length > MAX_TOKEN_NAME_LENGTH || !isStorableText(name)) {
    throw new AppError('invalid', 'The token needs a name', { errors: [{ pointer: '/name', message: `Give the token a name of 1 to ${MAX_TOKEN_NAME_LENGTH} characters` }] });
  }
  const unknown = input.scopes.filter((scope) => !isTokenScope(scope));
  if (input.scopes.length === 0 || unknown.length > 0) {
    const message = unknown.length > 0 ? `Unknown scope ${unknown.map((scope) => `"${scope}"`).join(', ')}` : 'Choose at least one scope';
    throw new AppError('invalid', message, { errors: [{ pointer: '/scopes', message }] });
  }
  const scopes = [...new Set(input.scopes)] as TokenScope[];
  const expiresAt = input.expiresAt ? Date.parse(input.expiresAt) : undefined;
  if (expiresAt !== undefined && (Number.isNaN(expiresAt) || expiresAt <= now.getTime())) {
    throw new AppError('invalid', 'The expiry must be a time in the future', { errors: [{ pointer: '/expiresAt', message: 'Choose a time in the future' }] });
  }
  const agents = await resolveAgentSet(db, input.agents ?? 'all');
  const secret = newSecret();
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('api_tokens')
      .values({
        id: randomUUID(),
        name,
        prefix: prefixOf(secret),
        secret_hash: hashSecret(secret),
        scopes: JSON.stringify(scopes),
        agents: storedAgents(agents),
        expires_at: expiresAt === undefined ? null : new Date(expiresAt).toISOString(),
        created_by: actor.id,
        created_at: now.toISOString(),
        last_used_at: null,
        revoked_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const token = toApiToken(row);
    await recordAuditEvent(trx, { actor, action: 'token.create', target: tokenTarget(token.id), before: null, after: token });
    return { token, secret };
  });
}
