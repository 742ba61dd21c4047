import 'server-only';

/** The path of an agent's MCP endpoint, the one resource an OAuth access token may reach. */
export const MCP_PATH = /^\/api\/v1\/agents\/([^/]+)\/mcp$/;

/** Where an agent's MCP endpoint lives below the app's origin. */
export function mcpPath(agentId: string): string {
  return `/api/v1/agents/${encodeURIComponent(agentId)}/mcp`;
}

/** The agent's MCP endpoint as an RFC 8707 resource indicator: the audience of its tokens. */
export function mcpResourceUrl(origin: string, agentId: string): string {
  return `${origin}${mcpPath(agentId)}`;
}

/** Where the resource's Protected Resource Metadata is served (RFC 9728 §3.1: the well-known name goes before the path). */
export function resourceMetadataUrl(origin: string, agentId: string): string {
  return `${origin}/.well-known/oauth-protected-resource${mcpPath(agentId)}`;
}

/** The agent named by a request path of an MCP endpoint; undefined for any other path. */
export function agentIdOfMcpPath(pathname: string): string | undefined {
  const encoded = MCP_PATH.exec(pathname)?.[1];
  if (encoded === undefined) return undefined;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

/** The agent a `resource` parameter names, when it is one of this app's MCP endpoints; undefined otherwise. */
export function agentIdOfResource(origin: string, resource: string): string | undefined {
  let url: URL;
  try {
    url = new URL(resource);
  } catch {
    return undefined;
  }
  // RFC 8707: an absolute URI without a fragment; we issue for our own endpoints only.
  if (url.origin !== origin || url.hash !== '' || url.search !== '') return undefined;
  return agentIdOfMcpPath(url.pathname);
}
