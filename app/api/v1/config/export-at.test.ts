import { expect, it } from 'vitest';
import { putSecret } from '@/lib/secrets/secret-store';
import { apiRequest, callRoute, describeApi } from '@/test/api/api-harness';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { PATCH as patchAgent } from '../agents/[id]/route';
import { POST as createAgent } from '../agents/route';
import { PUT as putServer } from '../servers/[name]/route';
import { POST as createServer } from '../servers/route';
import { PUT as putWorkflow } from '../workflows/[name]/route';
import { POST as createWorkflow } from '../workflows/route';
import { GET as exportConfig } from './route';

interface Exported {
  agents: { id: string; name: string; tools?: Record<string, unknown> }[];
  servers?: { name: string; url?: string; headers?: Record<string, string> }[];
  workflows?: { name: string; description: string }[];
}

const server = (url: string) => ({ name: 'atserver', transport: 'http', enabled: false, url, headers: { Authorization: 'Bearer ${secret:AT_TOKEN}' } });
const workflow = (name: string, description: string) => ({ name, description, steps: [{ id: 'count', tool: 'word_count', arguments: { text: 'x' } }] });
const pause = () => new Promise((resolve) => setTimeout(resolve, 15));

describeApi('GET /api/v1/config?at=<time>', (database) => {
  const exported = async (query: string) => {
    const response = await callRoute(exportConfig, apiRequest(`/api/v1/config?format=json${query}`), {});
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Exported;
  };

  it('exports agents, servers and workflows as they were at a time, built from their versions; later objects are absent and secrets stay references', async () => {
    await putSecret({ db: database.db, actor: TEST_ADMIN, name: 'AT_TOKEN', value: 'the-at-secret-value' });
    const ok = async (response: Promise<Response>) => expect((await response).status).toBeLessThan(300);
    await ok(callRoute(createAgent, apiRequest('/api/v1/agents', { method: 'POST', json: { id: 'atagent', name: 'First name' } }), {}));
    await ok(callRoute(createServer, apiRequest('/api/v1/servers', { method: 'POST', json: server('http://127.0.0.1:9201/mcp') }), {}));
    await ok(callRoute(createWorkflow, apiRequest('/api/v1/workflows', { method: 'POST', json: workflow('atflow', 'First words') }), {}));
    await pause();
    const then = new Date().toISOString();
    await pause();
    await ok(callRoute(patchAgent, apiRequest('/api/v1/agents/atagent', { method: 'PATCH', json: { name: 'Second name' }, ifMatch: '"1"' }), { id: 'atagent' }));
    await ok(callRoute(putServer, apiRequest('/api/v1/servers/atserver', { method: 'PUT', json: server('http://127.0.0.1:9202/mcp'), ifMatch: '"1"' }), { name: 'atserver' }));
    await ok(callRoute(putWorkflow, apiRequest('/api/v1/workflows/atflow', { method: 'PUT', json: workflow('atflow', 'Second words'), ifMatch: '"1"' }), { name: 'atflow' }));
    await ok(callRoute(createWorkflow, apiRequest('/api/v1/workflows', { method: 'POST', json: workflow('laterflow', 'Made later') }), {}));

    const past = await exported(`&at=${encodeURIComponent(then)}`);

    expect(past.agents.find((agent) => agent.id === 'atagent')).toMatchObject({ name: 'First name' });
    expect(past.servers).toEqual([expect.objectContaining({ name: 'atserver', url: 'http://127.0.0.1:9201/mcp', headers: { Authorization: 'Bearer ${secret:AT_TOKEN}' } })]);
    expect(past.workflows?.map((item) => [item.name, item.description])).toEqual([['atflow', 'First words']]);
    const yaml = await (await callRoute(exportConfig, apiRequest(`/api/v1/config?at=${encodeURIComponent(then)}`), {})).text();
    expect(yaml).not.toContain('the-at-secret-value');
    // Now, built from the versions, is the configuration as stored.
    expect(await exported(`&at=${encodeURIComponent(new Date().toISOString())}`)).toEqual(await exported(''));
    // Before anything was made: nothing.
    const before = await exported('&at=2000-01-01T00:00:00Z');
    expect([before.agents, before.servers ?? [], before.workflows ?? []]).toEqual([[], [], []]);
  });

  it('refuses a time that is not one (400) or lies in the future (400)', async () => {
    for (const at of ['yesterday', '2999-01-01T00:00:00Z']) {
      const response = await callRoute(exportConfig, apiRequest(`/api/v1/config?at=${encodeURIComponent(at)}`), {});
      expect(response.status, at).toBe(400);
    }
  });
});
