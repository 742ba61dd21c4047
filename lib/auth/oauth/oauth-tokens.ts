import 'server-only';
import { newSecret } from '../token-secret';

/** Marks of the secrets the authorization server hands out, so a leaked one is recognised. */
export const OAUTH_MARKS = { code: 'tac_', access: 'tao_', refresh: 'tar_' } as const;

/** How long each lives: a code for its one exchange, an access token for an hour, a refresh token (rotated on use) for 30 days. */
export const OAUTH_LIFETIMES_SECONDS = { code: 120, access: 3600, refresh: 30 * 86_400 } as const;

/** A new secret of the kind. */
export function newOAuthSecret(kind: keyof typeof OAUTH_MARKS): string {
  return newSecret(OAUTH_MARKS[kind]);
}

/** Whether a Bearer secret is an OAuth access token (rather than a static API token). */
export function isOAuthAccessToken(secret: string): boolean {
  return secret.startsWith(OAUTH_MARKS.access);
}

/** An ISO time `seconds` after `now`. */
export function expiryAfter(now: Date, seconds: number): string {
  return new Date(now.getTime() + seconds * 1000).toISOString();
}
