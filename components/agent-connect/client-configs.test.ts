import { describe, expect, it } from 'vitest';
import { agentTokenName, clientConfigs, mcpEndpoint, TOKEN_PLACEHOLDER } from './client-configs';

const endpoint = 'http://localhost:3000/api/v1/agents/demo/mcp';

describe('clientConfigs', () => {
  it('gives Cursor and Claude Code an mcpServers entry with the URL and the Bearer header, the token marked as a placeholder', () => {
    const config = clientConfigs({ endpoint, serverName: 'demo' }).find((candidate) => candidate.id === 'mcp-servers');
    expect(JSON.parse(config!.text)).toEqual({
      mcpServers: { demo: { type: 'http', url: endpoint, headers: { Authorization: `Bearer ${TOKEN_PLACEHOLDER}` } } },
    });
  });

  it('fills every configuration with the token once there is one', () => {
    for (const config of clientConfigs({ endpoint, serverName: 'demo', token: 'ta_secret' })) {
      expect(config.text, config.id).toContain('ta_secret');
      expect(config.text, config.id).not.toContain(TOKEN_PLACEHOLDER);
    }
  });

  it('bridges Claude Desktop through mcp-remote with the header in an environment variable, allowing plain http only off localhost', () => {
    const local = JSON.parse(clientConfigs({ endpoint, serverName: 'demo', token: 't' }).find((config) => config.id === 'claude-desktop')!.text);
    expect(local.mcpServers.demo).toEqual({
      command: 'npx',
      args: ['-y', 'mcp-remote', endpoint, '--header', 'Authorization:${AUTH_HEADER}'],
      env: { AUTH_HEADER: 'Bearer t' },
    });
    const remote = clientConfigs({ endpoint: 'http://tools.internal/api/v1/agents/demo/mcp', serverName: 'demo' }).find((config) => config.id === 'claude-desktop')!;
    expect(JSON.parse(remote.text).mcpServers.demo.args).toContain('--allow-http');
    const secure = clientConfigs({ endpoint: 'https://tools.example.com/api/v1/agents/demo/mcp', serverName: 'demo' }).find((config) => config.id === 'claude-desktop')!;
    expect(JSON.parse(secure.text).mcpServers.demo.args).not.toContain('--allow-http');
  });

  it('gives VS Code its "servers" list and the command lines the endpoint and the token', () => {
    const configs = clientConfigs({ endpoint, serverName: 'demo', token: 't' });
    expect(Object.keys(JSON.parse(configs.find((config) => config.id === 'vscode')!.text))).toEqual(['servers']);
    expect(configs.find((config) => config.id === 'cli')!.text).toBe(`npm run -s mcp -- tools ${endpoint} --token "t"`);
    expect(configs.find((config) => config.id === 'inspector')!.text).toBe(
      `npx @modelcontextprotocol/inspector --cli ${endpoint} --transport http --method tools/list --header "Authorization: Bearer t"`,
    );
  });
});

describe('mcpEndpoint', () => {
  it("puts the agent's MCP path on the public origin", () => {
    expect(mcpEndpoint('https://tools.example.com', 'hr-bot')).toBe('https://tools.example.com/api/v1/agents/hr-bot/mcp');
  });
});

describe('agentTokenName', () => {
  it('names the token after the agent, cutting a long name to fit', () => {
    expect(agentTokenName('Demo agent', 100)).toBe('Demo agent runtime');
    const long = agentTokenName('x'.repeat(200), 100);
    expect(long).toHaveLength(100);
    expect(long.endsWith('… runtime')).toBe(true);
  });
});
