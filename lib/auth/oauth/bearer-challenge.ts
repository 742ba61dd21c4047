import 'server-only';
import { appOrigin } from './app-origin';
import { resourceMetadataUrl } from './oauth-urls';

/**
 * The `WWW-Authenticate` of a 401 from an agent's MCP endpoint (RFC 9728 §5.1, RFC 6750 §3):
 * where its Protected Resource Metadata is, so an MCP client can discover the authorization
 * server; `error="invalid_token"` when a token was sent and refused.
 */
export function bearerChallenge(request: Request, agentId: string): string {
  const parts = [`Bearer resource_metadata="${resourceMetadataUrl(appOrigin(request), agentId)}"`, 'scope="runtime"'];
  if (request.headers.has('authorization')) parts.push('error="invalid_token"');
  return parts.join(', ');
}
