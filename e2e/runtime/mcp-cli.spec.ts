import { spawn } from 'node:child_process';
import { expect, test } from '../support/test';
import { E2E_PORT } from '../support/ports';

/** What a run of the command printed, and how it ended. */
interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run -s mcp -- …` exactly as the README shows it. */
function mcp(...args: string[]): Promise<Run> {
  const child = spawn('npm', ['run', '-s', 'mcp', '--', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test.describe('[RUNTIME][MCP CLI]', () => {
  const agentId = `mcp-cli-${Date.now().toString(36)}`;
  const endpoint = `http://localhost:${E2E_PORT}/api/v1/agents/${agentId}/mcp`;
  let token = '';

  test.beforeAll(async ({ request }) => {
    const made = await request.post('/api/v1/tokens', { data: { name: 'mcp cli', scopes: ['runtime'] } });
    expect(made.status(), await made.text()).toBe(201);
    token = ((await made.json()) as { secret: string }).secret;
    expect((await request.post('/api/v1/agents', { data: { id: agentId, name: 'MCP CLI' } })).status()).toBe(201);
    expect((await request.put(`/api/v1/agents/${agentId}/tools/word_count`, { data: { overrides: {} } })).status()).toBe(201);
  });

  test('[RUNTIME][MCP CLI]: npm run -s mcp lists an agent\'s tools and calls one with a runtime token', async ({ request }) => {
    test.setTimeout(60_000);
    const listed = await mcp('tools', endpoint, '--token', token);
    const asJson = await mcp('tools', endpoint, '--token', token, '--json');
    const called = await mcp('call', endpoint, 'word_count', '--args', '{"text":"one two three"}', '--token', token);

    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^word_count {2}Count the number of words/m);
    expect(listed.stdout.trimEnd().split('\n').at(-1)).toBe('1 tool');
    const effective = await request.get(`/api/v1/agents/${agentId}/effective-tools?format=mcp`);
    expect(JSON.parse(asJson.stdout)).toEqual(((await effective.json()) as { tools: unknown[] }).tools);
    expect(called).toMatchObject({ code: 0, stdout: 'Word count: 3\n' });
    const audit = await request.get(`/api/v1/audit?agent=${agentId}&action=tool.invoke`);
    expect(((await audit.json()) as { events: { action: string }[] }).events).toHaveLength(1);
  });

  test('[RUNTIME][MCP CLI]: a wrong token, a missing agent and bad arguments end with a message and a failing exit code', async () => {
    const refused = await mcp('tools', endpoint, '--token', 'tat_not-a-token');
    const missing = await mcp('tools', `http://localhost:${E2E_PORT}/api/v1/agents/${agentId}-gone/mcp`, '--token', token);
    const badArguments = await mcp('call', endpoint, 'word_count', '--args', '{"text": 3}', '--token', token);
    const noToken = await mcp('tools', endpoint);

    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('refused the token (401)') });
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('(404)') });
    expect(badArguments.code).toBe(1);
    expect(badArguments.stdout + badArguments.stderr).toMatch(/text/);
    expect(noToken).toMatchObject({ code: 2, stderr: expect.stringContaining('--token <token>') });
  });
});
