import { expect, test } from '../support/test';
import { ownServerPort } from '../support/ports';
import { describeTwoInstances, withTwoInstances } from '../support/postgres-schema';
import { connectAgent, createRuntimeToken, within } from './mcp-client';

/**
 * One address in front of two instances without stickiness: every request of the client goes to
 * the other instance than the one before, so a session opened on A is used on B and back.
 */
function alternatingFetch(urls: readonly string[]): typeof fetch {
  let next = 0;
  return (input, init) => {
    const target = new URL(input instanceof Request ? input.url : String(input));
    const base = new URL(urls[next++ % urls.length]!);
    target.host = base.host;
    return fetch(target, init);
  };
}

describeTwoInstances('[RUNTIME][MCP-TWO-INSTANCES]', () => {
  test('[RUNTIME][MCP-TWO-INSTANCES]: a session works on either instance and hears a change made on the other', async () => {
    await withTwoInstances([ownServerPort(21), ownServerPort(22)], async (a, b) => {
      const TOKEN = await createRuntimeToken(a);
      const json = { 'content-type': 'application/json' };
      expect((await a.fetch('/api/v1/agents', { method: 'POST', headers: json, body: JSON.stringify({ id: 'shared', name: 'Shared' }) })).status).toBe(201);
      for (const toolName of ['word_count', 'todo_read', 'todo_write']) {
        const response = await a.fetch(`/api/v1/agents/shared/tools/${toolName}`, { method: 'PUT', headers: json, body: JSON.stringify({ overrides: {} }) });
        expect(response.status).toBe(201);
      }

      const roaming = await connectAgent(a.url, 'shared', TOKEN, alternatingFetch([a.url, b.url]));
      await roaming.client.callTool({ name: 'todo_write', arguments: { todos: [{ content: 'Written through both', status: 'pending' }] } });
      const read = await roaming.client.callTool({ name: 'todo_read', arguments: {} });
      expect(JSON.stringify(read.content)).toContain('Written through both');

      // B keeps the assignments of the calls it answers for a few seconds (lib/runtime/assignment-cache.ts).
      const invokeTodoReadOnB = () =>
        fetch(`${b.url}/api/v1/agents/shared/tools/todo_read/invoke`, {
          method: 'POST',
          headers: { ...json, authorization: `Bearer ${TOKEN}` },
          body: JSON.stringify({ arguments: {} }),
        });
      expect((await invokeTodoReadOnB()).status).toBe(200);

      // A client whose stream is held by B hears a removal made through A.
      const onB = await connectAgent(b.url, 'shared', TOKEN);
      const changed = onB.nextListChanged();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await a.fetch('/api/v1/agents/shared/tools/todo_read', { method: 'DELETE', headers: { 'if-match': '*' } })).status).toBe(204);
      // Well before the streams' own 5-second re-check: the notice came through NOTIFY.
      await within(changed, 3_000, 'list_changed on B for a change made on A');
      const { tools } = await onB.client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(['todo_write', 'word_count']);
      // B's kept assignment went with the same notice: the removed tool cannot be called there.
      expect((await invokeTodoReadOnB()).status).toBe(404);
      await Promise.all([roaming.close(), onB.close()]);

      // B keeps the token it just checked for a few seconds; a revocation on A reaches it through NOTIFY.
      const invokeOnB = () =>
        fetch(`${b.url}/api/v1/agents/shared/tools/word_count/invoke`, {
          method: 'POST',
          headers: { ...json, authorization: `Bearer ${TOKEN}` },
          body: JSON.stringify({ arguments: { text: 'still here' } }),
        });
      expect((await invokeOnB()).status).toBe(200);
      const tokens = (await (await a.fetch('/api/v1/tokens')).json()) as { tokens: { id: string; name: string }[] };
      const tokenId = tokens.tokens.find((token) => token.name === 'e2e runtime')?.id ?? '';
      expect((await a.fetch(`/api/v1/tokens/${tokenId}`, { method: 'DELETE' })).status).toBe(200);
      // Sooner than B's 3-second cache time would let it lapse on its own.
      await expect.poll(async () => (await invokeOnB()).status, { timeout: 2_000, intervals: [100] }).toBe(401);
    }, { oneAfterTheOther: true });
  });
});
