import 'server-only';
import { BODY_PROBLEMS, readJson, type ApiOperation } from '../api-operation';
import {
  AuthorizeDecisionBodySchema, AuthorizeRedirectSchema, OAuthGrantListSchema, RegisterClientBodySchema, RegisteredClientSchema, TokenAnswerSchema, TokenRequestBodySchema,
} from '../oauth-schemas';

/**
 * OAuth 2.1 for MCP clients (docs/runtime-and-mcp.md): registration and the token endpoint
 * (public; their errors carry OAuth's `error` beside the problem's `detail`), the consent page's
 * answer, and the signed-in user's connections. The metadata documents live under `/.well-known/`.
 */
export const oauthOperations: ApiOperation[] = [
  {
    method: 'POST', path: '/api/v1/oauth/register', operationId: 'registerOAuthClient', tag: 'oauth', isPublic: true,
    summary: 'Registers an MCP client (RFC 7591): a public client with its redirect URIs (https, loopback http or a private-use scheme)',
    body: RegisterClientBodySchema,
    success: { 201: { description: 'The client id, nothing secret', schema: RegisteredClientSchema } },
    problems: [...BODY_PROBLEMS, 429],
    problemDescriptions: { 400: '`error` is `invalid_client_metadata` or `invalid_redirect_uri`', 429: 'More than 20 registrations from this address within an hour; `Retry-After` says when to try again' },
  },
  {
    method: 'POST', path: '/api/v1/oauth/token', operationId: 'oauthToken', tag: 'oauth', isPublic: true,
    summary: 'Exchanges an authorization code (with its PKCE S256 verifier) or a refresh token for an access token bound to one agent\'s MCP endpoint',
    body: TokenRequestBodySchema, bodyMediaType: 'application/x-www-form-urlencoded',
    success: { 200: { description: 'An access token (an hour) and a new refresh token (the old one is spent)', schema: TokenAnswerSchema } },
    problems: [400, 413, 415],
    problemDescriptions: { 400: '`error` is `invalid_request`, `invalid_grant`, `invalid_target` or `unsupported_grant_type`' },
  },
  {
    method: 'POST', path: '/api/v1/oauth/authorize', operationId: 'decideOAuthAuthorization', tag: 'oauth',
    summary: 'The consent page\'s answer to an authorization request: approve (with the agents chosen) or deny (signed-in people only)',
    body: AuthorizeDecisionBodySchema,
    success: { 200: { description: 'Where to send the browser: the client\'s redirect URI with a code, or with error=access_denied', schema: AuthorizeRedirectSchema } },
    problems: [...BODY_PROBLEMS, 422],
    problemDescriptions: {
      400: 'The authorization request does not check out (unknown client, unregistered redirect URI, PKCE other than S256, no resource), or the body has the wrong shape',
      403: 'A token, not a signed-in person',
      422: 'No agents chosen, the asked-for agent left out, or agents the user may not use',
    },
  },
  readJson({
    path: '/api/v1/oauth/grants', operationId: 'listOAuthGrants', tag: 'oauth',
    summary: 'The MCP clients the signed-in user let reach agents (an admin: everyone\'s)', description: 'The connections, newest first', schema: OAuthGrantListSchema,
  }),
  {
    method: 'DELETE', path: '/api/v1/oauth/grants/{id}', operationId: 'revokeOAuthGrant', tag: 'oauth',
    summary: 'Revokes a connection: its tokens are refused from the next call on',
    success: { 204: { description: 'Revoked' } },
    problems: [404],
    problemDescriptions: { 404: 'No such connection of the caller\'s (an admin: of anyone\'s)' },
  },
];
