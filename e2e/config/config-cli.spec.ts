import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/test';
import { runConfigCli, type CliRun } from '../support/config-cli';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';

let server: NextServer;
let folder: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  folder = mkdtempSync(path.join(os.tmpdir(), 'tools-admin-config-cli-'));
  server = await startNextServer(ownServerPort(60), { SEED_DEMO: '0' });
});

test.afterAll(async () => {
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** `npm run config -- …` against this spec's server, with a token. */
function config(token: string, ...args: string[]): Promise<CliRun> {
  return runConfigCli(server.url, token, ...args);
}

test('[CONFIG][CLI]: npm run config exports, plans and applies against a running server with an API token', async () => {
  test.setTimeout(120_000);
  const made = await server.fetch('/api/v1/tokens', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'config cli', scopes: ['agents:write'] }) });
  expect(made.status, await made.clone().text()).toBe(201);
  const { secret } = (await made.json()) as { secret: string };

  const exported = await config(secret, 'export');
  expect(exported.code, exported.stderr).toBe(0);
  expect(exported.stdout.split('\n')[0]).toMatch(/^# yaml-language-server: \$schema=http:\/\/\S+\/api\/v1\/config\/schema\.json$/);
  const file = path.join(folder, 'config.yaml');
  writeFileSync(file, `${exported.stdout.replace(/agents: \[\]\n?$/, 'agents:\n')}  - id: from-cli\n    name: From the CLI\n    tools:\n      word_count: {}\n`);

  const planned = await config(secret, 'plan', file);
  expect(planned.code, planned.stderr).toBe(0);
  expect(planned.stdout).toContain('+ create agents/from-cli\n');
  expect((await server.fetch('/api/v1/agents/from-cli')).status).toBe(404);

  const applied = await config(secret, 'apply', file);
  expect(applied.code, applied.stderr).toBe(0);
  expect(applied.stdout).toContain('Applied 2 changes.');
  const agent = await server.fetch('/api/v1/agents/from-cli/tools');
  expect(agent.status).toBe(200);
  expect(((await agent.json()) as { assignments: { toolName: string }[] }).assignments.map((assignment) => assignment.toolName)).toEqual(['word_count']);
  const audit = (await (await server.fetch('/api/v1/audit?agent=from-cli')).json()) as { events: { actor: string; action: string }[] };
  expect(audit.events.map((event) => [event.actor, event.action])).toContainEqual(['config import', 'agent.create']);

  const refused = await config('not-a-token', 'plan', file);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('401');
});
