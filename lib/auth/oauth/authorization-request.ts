import 'server-only';
import type { Db } from '@/lib/db/schema';
import { agentIdOfResource } from './oauth-urls';
import { S256_CHALLENGE } from './pkce';

/** The parameters of an authorization request (RFC 6749 §4.1.1, RFC 7636, RFC 8707), as the query string has them. */
export type AuthorizationParams = Readonly<Record<string, string | undefined>>;

/** A checked authorization request: the registered client, its exact redirect URI, the PKCE challenge and the agent asked for. */
export interface AuthorizationRequest {
  clientId: string;
  clientName: string;
  redirectUri: string;
  codeChallenge: string;
  state: string | undefined;
  /** The resource indicator's agent: the audience of the first token. */
  agentId: string;
  resource: string;
}

/** Why a request cannot be served; `redirect` (to the client, with `error`) only once the client and its redirect URI are known. */
export interface AuthorizationRefusal {
  message: string;
  redirect?: string;
}

export type AuthorizationCheck = { ok: true; request: AuthorizationRequest } | { ok: false; refusal: AuthorizationRefusal };

const MAX_STATE = 500;

/**
 * Checks an authorization request, the consent page's and the approval's one validator. In order:
 * the client is registered and the redirect URI is one of its own exactly (else no redirect at
 * all: an unchecked URI must never receive anything); then `response_type=code`, an S256 PKCE
 * challenge (`plain` and a missing method are refused: OAuth 2.1), and a `resource` that is one
 * of this app's agent MCP endpoints (RFC 8707; the MCP spec has clients always send it).
 */
export async function checkAuthorizationRequest({ db, params, origin }: { db: Db; params: AuthorizationParams; origin: string }): Promise<AuthorizationCheck> {
  const clientId = params.client_id ?? '';
  const client = clientId.length > 0 && clientId.length <= 100
    ? await db.selectFrom('oauth_clients').select(['id', 'name', 'redirect_uris']).where('id', '=', clientId).executeTakeFirst()
    : undefined;
  if (!client) return refuse('The application asking for access is not registered here (unknown client_id)');
  const redirectUri = params.redirect_uri;
  const registered = JSON.parse(client.redirect_uris) as string[];
  if (redirectUri === undefined || !registered.includes(redirectUri)) return refuse(`"${client.name}" asked to be answered at an address it did not register (redirect_uri)`);
  const state = params.state;
  const toClient = (error: string, message: string): AuthorizationCheck => refuse(message, clientRedirect(redirectUri, { error, error_description: message, state }, origin));
  if (state !== undefined && state.length > MAX_STATE) return toClient('invalid_request', `state may be at most ${MAX_STATE} characters`);
  if (params.response_type !== 'code') return toClient('unsupported_response_type', 'Only response_type=code is supported');
  if (params.code_challenge_method !== 'S256') return toClient('invalid_request', 'PKCE with code_challenge_method=S256 is required; plain is not accepted');
  const codeChallenge = params.code_challenge ?? '';
  if (!S256_CHALLENGE.test(codeChallenge)) return toClient('invalid_request', 'code_challenge must be the 43-character base64url SHA-256 of the code verifier');
  const resource = params.resource;
  if (resource === undefined) return toClient('invalid_target', 'resource is required: the MCP endpoint of the agent to reach (RFC 8707)');
  const agentId = agentIdOfResource(origin, resource);
  if (agentId === undefined) return toClient('invalid_target', `resource "${resource.slice(0, 300)}" is not an agent's MCP endpoint on ${origin}`);
  return { ok: true, request: { clientId: client.id, clientName: client.name, redirectUri, codeChallenge, state, agentId, resource } };
}

/** The client's redirect URI with the given answer parameters (and `iss`, RFC 9207) added to its query. */
export function clientRedirect(redirectUri: string, answer: Record<string, string | undefined>, origin: string): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries({ ...answer, iss: origin })) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

function refuse(message: string, redirect?: string): AuthorizationCheck {
  return { ok: false, refusal: redirect === undefined ? { message } : { message, redirect } };
}
