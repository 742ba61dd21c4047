import 'server-only';
import { randomUUID } from 'node:crypto';
import { OAuthClientMetadataSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import { AppError } from '@/lib/app-error';
import type { Db } from '@/lib/db/schema';
import { blockedSeconds, recordFailure, type ThrottleRule } from '../throttle';
import { oauthError } from './oauth-error';

/** The most redirect URIs one client may register, and the longest of each and of its name. */
export const CLIENT_LIMITS = { redirectUris: 10, uriLength: 2000, nameLength: 100 } as const;

/** Registration is open, so it is counted per client address: 20 an hour, then an hour's pause (in the database, for every instance). */
export const REGISTRATION_RULE: ThrottleRule = { maxFailures: 20, windowSeconds: 3600, blockSeconds: 3600 };

/** How long a registered client with no grant is kept: registration is open to anyone, so unused ones go. */
const UNUSED_CLIENT_HOURS = 24;

/** What a client is told on registration (RFC 7591 §3.2.1). */
export interface RegisteredClient {
  client_id: string;
  client_id_issued_at: number;
  client_name: string;
  redirect_uris: string[];
  token_endpoint_auth_method: 'none';
  grant_types: string[];
  response_types: string[];
}

/**
 * Registers an MCP client (RFC 7591): a public client (no secret; PKCE proves it at the token
 * endpoint) with its redirect URIs, each https, a loopback http URI (RFC 8252 §7.3) or a
 * private-use scheme (`cursor://…`). Deletes clients that never got a grant within a day.
 * AppError `too_many_requests` past {@link REGISTRATION_RULE} for the address; then an OAuth
 * `invalid_client_metadata` / `invalid_redirect_uri` error (400).
 */
export async function registerClient({ db, body, address, now = new Date() }: { db: Db; body: unknown; address: string; now?: Date }): Promise<RegisteredClient> {
  const key = `oauth-register:${address}`;
  const waitSeconds = await blockedSeconds(db, [key], now);
  if (waitSeconds > 0) throw new AppError('too_many_requests', 'Too many client registrations from this address; try again later', { retryAfterSeconds: waitSeconds });
  const parsed = OAuthClientMetadataSchema.safeParse(body);
  if (!parsed.success) throw oauthError('invalid_client_metadata', `The client metadata is not valid: ${parsed.error.issues[0]?.message ?? 'unexpected shape'}`);
  const metadata = parsed.data;
  if (metadata.redirect_uris.length === 0 || metadata.redirect_uris.length > CLIENT_LIMITS.redirectUris) {
    throw oauthError('invalid_redirect_uri', `Register between 1 and ${CLIENT_LIMITS.redirectUris} redirect URIs`);
  }
  for (const uri of metadata.redirect_uris) checkRedirectUri(uri);
  // Whatever token_endpoint_auth_method was asked for, the client is public (RFC 7591 §3.2.1 lets the server choose).
  const name = (metadata.client_name ?? '').trim().slice(0, CLIENT_LIMITS.nameLength) || 'Unnamed MCP client';
  const id = randomUUID();
  const createdAt = now.toISOString();
  const staleBefore = new Date(now.getTime() - UNUSED_CLIENT_HOURS * 3_600_000).toISOString();
  await db
    .deleteFrom('oauth_clients')
    .where('created_at', '<', staleBefore)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('oauth_grants').select('oauth_grants.id').whereRef('oauth_grants.client_id', '=', 'oauth_clients.id'))))
    .execute();
  await db.insertInto('oauth_clients').values({ id, name, redirect_uris: JSON.stringify(metadata.redirect_uris), created_at: createdAt }).execute();
  await recordFailure(db, key, REGISTRATION_RULE, now);
  return {
    client_id: id,
    client_id_issued_at: Math.floor(now.getTime() / 1000),
    client_name: name,
    redirect_uris: metadata.redirect_uris,
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** A redirect URI a code may be sent to: no fragment, and https, loopback http or a private-use scheme. */
function checkRedirectUri(uri: string): void {
  if (uri.length > CLIENT_LIMITS.uriLength) throw oauthError('invalid_redirect_uri', `A redirect URI may be at most ${CLIENT_LIMITS.uriLength} characters`);
  const url = new URL(uri);
  if (url.hash !== '') throw oauthError('invalid_redirect_uri', `The redirect URI "${uri}" has a fragment, which OAuth forbids`);
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:') {
    if (LOOPBACK_HOSTS.has(url.hostname)) return;
    throw oauthError('invalid_redirect_uri', `The redirect URI "${uri}" is plain http to another machine; use https or a loopback address`);
  }
  // A private-use scheme (RFC 8252 §7.1) has a dot or is an app's own name; never these.
  if (['file:', 'ftp:', 'ws:', 'wss:', 'blob:', 'about:', 'filesystem:'].includes(url.protocol)) {
    throw oauthError('invalid_redirect_uri', `The redirect URI "${uri}" uses a scheme a code may not be sent to`);
  }
}
