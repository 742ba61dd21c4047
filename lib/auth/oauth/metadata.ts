import 'server-only';
import type { OAuthMetadata, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { mcpResourceUrl } from './oauth-urls';

/** The one scope a token may carry: calling the agent's tools over MCP. */
export const OAUTH_SCOPE = 'runtime';

/** Where the authorization endpoint (the consent page) and the other endpoints live below the origin. */
export const OAUTH_PATHS = {
  authorize: '/oauth/authorize',
  token: '/api/v1/oauth/token',
  register: '/api/v1/oauth/register',
} as const;

/** Authorization Server Metadata (RFC 8414): public clients, authorization code with PKCE S256 only. */
export function authorizationServerMetadata(origin: string): OAuthMetadata {
  return {
    issuer: origin,
    authorization_endpoint: `${origin}${OAUTH_PATHS.authorize}`,
    token_endpoint: `${origin}${OAUTH_PATHS.token}`,
    registration_endpoint: `${origin}${OAUTH_PATHS.register}`,
    scopes_supported: [OAUTH_SCOPE],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    // RFC 9207: the redirect carries `iss`, so a client talking to several servers can tell them apart.
    authorization_response_iss_parameter_supported: true,
  };
}

/** Protected Resource Metadata (RFC 9728) of one agent's MCP endpoint. */
export function protectedResourceMetadata(origin: string, agentId: string): OAuthProtectedResourceMetadata {
  return {
    resource: mcpResourceUrl(origin, agentId),
    authorization_servers: [origin],
    scopes_supported: [OAUTH_SCOPE],
    bearer_methods_supported: ['header'],
    resource_name: `Tools Admin agent "${agentId}" (MCP)`,
  };
}
