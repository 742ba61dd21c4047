/** What the configurations show in place of a token until one is created in the dialog. */
export const TOKEN_PLACEHOLDER = 'YOUR_RUNTIME_TOKEN';

/** One ready-made client configuration: a JSON entry or a command line. */
export interface ClientConfig {
  id: 'mcp-servers' | 'claude-desktop' | 'vscode' | 'cli' | 'inspector';
  /** The tab's label. */
  label: string;
  /** Where it goes, in one sentence. */
  where: string;
  text: string;
}

/** The agent's MCP endpoint on the app's public address (`PUBLIC_URL`, else localhost). */
export function mcpEndpoint(publicOrigin: string, agentId: string): string {
  return new URL(`/api/v1/agents/${encodeURIComponent(agentId)}/mcp`, publicOrigin).href;
}

/**
 * The configurations of the common MCP clients for one agent's endpoint, with `token` (or the
 * placeholder) as the Bearer token. Clients that speak Streamable HTTP with headers get the URL;
 * Claude Desktop's config file starts only local (stdio) servers, so it gets the `mcp-remote`
 * bridge, whose header goes through an environment variable (a space in an argument breaks some
 * clients' launchers).
 */
export function clientConfigs({ endpoint, serverName, token = TOKEN_PLACEHOLDER }: { endpoint: string; serverName: string; token?: string }): ClientConfig[] {
  const authorization = `Bearer ${token}`;
  const http = { type: 'http', url: endpoint, headers: { Authorization: authorization } };
  // mcp-remote refuses plain http except on localhost unless told.
  const { protocol, hostname } = new URL(endpoint);
  const allowHttp = protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(hostname) ? ['--allow-http'] : [];
  const bridge = {
    command: 'npx',
    args: ['-y', 'mcp-remote', endpoint, '--header', 'Authorization:${AUTH_HEADER}', ...allowHttp],
    env: { AUTH_HEADER: authorization },
  };
  return [
    {
      id: 'mcp-servers',
      label: 'Cursor, Claude Code',
      where: 'An mcpServers entry: ~/.cursor/mcp.json (Cursor) or .mcp.json in a project (Claude Code).',
      text: json({ mcpServers: { [serverName]: http } }),
    },
    {
      id: 'claude-desktop',
      label: 'Claude Desktop',
      where: 'claude_desktop_config.json; the mcp-remote bridge (Node 18+) carries the token, as the file starts only local servers.',
      text: json({ mcpServers: { [serverName]: bridge } }),
    },
    {
      id: 'vscode',
      label: 'VS Code',
      where: '.vscode/mcp.json in a workspace (VS Code names the list "servers").',
      text: json({ servers: { [serverName]: http } }),
    },
    {
      id: 'cli',
      label: 'Command line',
      where: "In a checkout of this app: its own MCP client (the MCP SDK's), nothing to download. Lists the agent's tools.",
      text: `npm run -s mcp -- tools ${endpoint} --token "${token}"`,
    },
    {
      id: 'inspector',
      label: 'MCP Inspector',
      where: "The MCP Inspector's command line (downloaded on first use). Lists the agent's tools.",
      text: `npx @modelcontextprotocol/inspector --cli ${endpoint} --transport http --method tools/list --header "Authorization: ${authorization}"`,
    },
  ];
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** The name of a token made for one agent: "<agent name> runtime", the agent's name cut to fit `maxLength`. */
export function agentTokenName(agentName: string, maxLength: number): string {
  const suffix = ' runtime';
  const room = maxLength - suffix.length;
  const name = agentName.trim();
  return `${name.length > room ? `${name.slice(0, room - 1)}…` : name}${suffix}`;
}
