import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import type { OidcConfig } from './oidc-config';
import { roleFromClaims, type RoleDecision } from './oidc-roles';

/** The Better Auth provider id of the operator's identity provider; its callback is `/api/auth/callback/oidc`. */
export const OIDC_PROVIDER_ID = 'oidc';

/** The longest ID token read (64 KiB); a longer one refuses the sign-in. */
const MAX_ID_TOKEN_LENGTH = 64 * 1024;

/** What one callback learnt from the provider's verified ID token, for `finishOidcSignIn`. */
export interface OidcAttempt {
  subject?: string;
  email?: string;
  decision?: RoleDecision;
  /** Set when Better Auth created the user in this callback (a first sign-in). */
  createdUserId?: string;
  /** Why this app turned the sign-in away after the token verified (a code the sign-in page explains). */
  refusal?: 'no_id_token' | 'no_email' | 'no_role';
}

/** The attempt of the callback being handled, set by `finishOidcSignIn` around Better Auth's handler. */
export const oidcAttempts = new AsyncLocalStorage<OidcAttempt>();

/**
 * The generic OAuth plugin's provider for `config`. Discovery, PKCE (S256), state and the ID
 * token's checks (signature against the discovery JWKS, issuer, audience = client id, expiry,
 * nonce bound to this browser's flow) are the plugin's: `requireIdTokenVerification` skips the
 * provider when discovery gives no JWKS, and a token that fails any check never reaches
 * `getUserInfo`. Here the user comes from that verified token only: a token response without an
 * ID token (which the plugin would answer from the userinfo endpoint, unverified) is refused,
 * and so is a token without an email, or whose groups map to no role under `refuse`.
 */
export function oidcProviderConfig(config: OidcConfig): GenericOAuthConfig {
  return {
    providerId: OIDC_PROVIDER_ID,
    name: config.providerName,
    discoveryUrl: config.discoveryUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    scopes: config.scopes,
    pkce: true,
    requireIdTokenVerification: true,
    getUserInfo: async (tokens) => {
      const attempt = oidcAttempts.getStore() ?? {};
      const claims = tokens.idToken ? claimsOf(tokens.idToken) : null;
      if (!claims || typeof claims.sub !== 'string') {
        attempt.refusal = 'no_id_token';
        return null;
      }
      attempt.subject = claims.sub;
      if (typeof claims.email !== 'string' || claims.email.length > 320) {
        attempt.refusal = 'no_email';
        return null;
      }
      attempt.email = claims.email.trim().toLowerCase();
      const decision = roleFromClaims(claims, config);
      attempt.decision = decision;
      if (decision.role === null) {
        attempt.refusal = 'no_role';
        return null;
      }
      const name = typeof claims.name === 'string' ? claims.name.slice(0, 100) : undefined;
      return { id: claims.sub, sub: claims.sub, email: attempt.email, name, emailVerified: claims.email_verified === true };
    },
  };
}

/** Better Auth's hook after it creates a user: notes a first SSO sign-in on the callback's attempt (nothing outside one). */
export function noteCreatedUser(userId: string): void {
  const attempt = oidcAttempts.getStore();
  if (attempt) attempt.createdUserId = userId;
}

/** The payload of an ID token the plugin has already verified, or null when it cannot be read. */
function claimsOf(idToken: string): Record<string, unknown> | null {
  if (idToken.length > MAX_ID_TOKEN_LENGTH) return null;
  const payload = idToken.split('.')[1];
  if (payload === undefined) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
