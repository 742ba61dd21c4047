import { beforeAll, expect, it } from 'vitest';
import { createAgent } from '@/lib/agents';
import { flushAuditEvents } from '@/lib/audit/record-audit-event-later';
import { createToken } from '@/lib/auth/create-token';
import type { Db } from '@/lib/db/schema';
import { apiRequest, callRoute, describeApi } from '@/test/api/api-harness';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { POST as createWorkflow } from '@/app/api/v1/workflows/route';
import { PUT as putPolicy } from '../policy/route';
import { PUT as assign } from '../route';
import { POST as invokeRoute } from './route';

// secret_login marks `code` secret through a $ref and the second item of `pair` through prefixItems.
process.env.TOOLS_PLUGIN_PATH = 'e2e/fixtures/plugins:test/fixtures/plugins';
const AGENT = 'signer';
const SECRET = 'hunter2-never-in-clear';

/** Every row of every table, as text: a secret stored anywhere shows up here. */
async function everyRow(db: Db): Promise<string> {
  await flushAuditEvents();
  const tables = await db.introspection.getTables();
  const rows = await Promise.all(tables.map(async (table) => JSON.stringify(await (db as unknown as Db).selectFrom(table.name as 'agents').selectAll().execute())));
  return rows.join('\n');
}

describeApi('Arguments a schema marks secret are never stored in clear', (database) => {
  let runtime = '';
  beforeAll(async () => {
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    runtime = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'runtime', scopes: ['runtime'] } })).secret;
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: AGENT, name: 'Signer' } });
  });

  const put = (toolName: string) => callRoute(assign, apiRequest(`/api/v1/agents/${AGENT}/tools/${toolName}`, { method: 'PUT', json: { overrides: {} } }), { id: AGENT, toolName });
  const invoke = (toolName: string, args: Record<string, unknown>) =>
    callRoute(invokeRoute, apiRequest(`/api/v1/agents/${AGENT}/tools/${toolName}/invoke`, { as: { token: runtime }, method: 'POST', json: { arguments: args } }), { id: AGENT, toolName });
  const hold = (toolName: string) =>
    callRoute(putPolicy, apiRequest(`/api/v1/agents/${AGENT}/tools/${toolName}/policy`, { method: 'PUT', ifMatch: '"0"', json: { callPolicy: 'ask' } }), { id: AGENT, toolName });
  async function lastInvoke(toolName: string): Promise<Record<string, unknown>> {
    await flushAuditEvents();
    const row = await database.db.selectFrom('audit_events').select('after').where('action', '=', 'tool.invoke').where('target', '=', `agents/${AGENT}/tools/${toolName}`).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return JSON.parse(row.after ?? '{}') as Record<string, unknown>;
  }

  it('redacts a password reached through $ref and prefixItems in the audit row, and keeps the rest', async () => {
    expect((await put('secret_login')).status).toBe(201);
    const response = await invoke('secret_login', { user: 'ann', code: SECRET, pair: ['ann', SECRET] });
    expect(response.status).toBe(200);
    expect(await lastInvoke('secret_login')).toMatchObject({ outcome: 'ok', arguments: { user: 'ann', code: '[redacted]', pair: ['ann', '[redacted]'] } });
    expect(await everyRow(database.db)).not.toContain(SECRET);
  });

  it('redacts a workflow input that flows into a password field: its schema says writeOnly, and the audit and approval rows hide it', async () => {
    const workflow = {
      name: 'sign_in',
      description: 'Signs in with a code',
      inputs: [
        { name: 'who', type: 'string', required: true, description: '' },
        { name: 'pin', type: 'string', required: true, description: 'Passed on to a password field' },
      ],
      steps: [{ id: 'login', tool: 'secret_login', arguments: { user: '{{input.who}}', pair: ['x', 'pin {{input.pin}}'] } }],
      output: '',
    };
    expect((await callRoute(createWorkflow, apiRequest('/api/v1/workflows', { method: 'POST', json: workflow }), {})).status).toBe(201);
    expect((await put('workflow_sign_in')).status).toBe(201);
    const ran = await invoke('workflow_sign_in', { who: 'ann', pin: SECRET });
    expect(ran.status).toBe(200);
    expect(await ran.json()).toMatchObject({ result: 'Signed in as ann' });
    expect(await lastInvoke('workflow_sign_in')).toMatchObject({ outcome: 'ok', arguments: { who: 'ann', pin: '[redacted]' } });

    expect((await hold('workflow_sign_in')).status).toBe(200);
    expect((await invoke('workflow_sign_in', { who: 'bob', pin: SECRET })).status).toBe(202);
    const approval = await database.db.selectFrom('tool_approvals').selectAll().where('tool_name', '=', 'workflow_sign_in').executeTakeFirstOrThrow();
    expect(JSON.parse(String(approval.arguments))).toEqual({ who: 'bob', pin: '[redacted]' });
    expect(await everyRow(database.db)).not.toContain(SECRET);
  });

  it('redacts a list input passed whole to a parameter whose second item is a password', async () => {
    const workflow = {
      name: 'pair_in',
      description: 'Signs in with a pair',
      inputs: [{ name: 'pair', type: 'array', required: true, description: 'Passed whole to the pair parameter' }],
      steps: [{ id: 'login', tool: 'secret_login', arguments: { user: 'ann', pair: '{{input.pair}}' } }],
      output: '',
    };
    expect((await callRoute(createWorkflow, apiRequest('/api/v1/workflows', { method: 'POST', json: workflow }), {})).status).toBe(201);
    expect((await put('workflow_pair_in')).status).toBe(201);
    const ran = await invoke('workflow_pair_in', { pair: ['ann', SECRET] });
    expect(ran.status).toBe(200);
    expect(await lastInvoke('workflow_pair_in')).toMatchObject({ outcome: 'ok', arguments: { pair: '[redacted]' } });
    expect(await everyRow(database.db)).not.toContain(SECRET);
  });
});
