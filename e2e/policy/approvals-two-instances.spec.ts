import { createRuntimeToken } from '../runtime/mcp-client';
import { ownServerPort } from '../support/ports';
import { describeTwoInstances, withTwoInstances } from '../support/postgres-schema';
import { expect, test } from '../support/test';

describeTwoInstances('[POLICY][APPROVALS-TWO-INSTANCES]', () => {
  test('[POLICY][APPROVALS-TWO-INSTANCES]: a call held on one instance is listed and approved on the other, and runs once', async () => {
    await withTwoInstances([ownServerPort(90), ownServerPort(91)], async (a, b) => {
      const json = { 'content-type': 'application/json' };
      expect((await a.fetch('/api/v1/agents', { method: 'POST', headers: json, body: JSON.stringify({ id: 'shared', name: 'Shared' }) })).status).toBe(201);
      expect((await a.fetch('/api/v1/agents/shared/tools/word_count', { method: 'PUT', headers: json, body: '{"overrides":{}}' })).status).toBe(201);
      expect((await a.fetch('/api/v1/agents/shared/tools/word_count/policy', { method: 'PUT', headers: json, body: '{"callPolicy":"ask"}' })).status).toBe(200);
      const token = await createRuntimeToken(a);
      const invokeOn = (url: string) =>
        fetch(`${url}/api/v1/agents/shared/tools/word_count/invoke`, { method: 'POST', headers: { ...json, authorization: `Bearer ${token}` }, body: JSON.stringify({ arguments: { text: 'one two' } }) });

      const held = await invokeOn(a.url);
      expect(held.status).toBe(202);
      const { approvalId } = (await held.json()) as { approvalId: string };
      const onB = (await (await b.fetch('/api/v1/approvals')).json()) as { approvals: { id: string }[]; pendingCount: number };
      expect(onB.approvals.map((approval) => approval.id)).toEqual([approvalId]);
      expect(onB.pendingCount).toBe(1);
      expect((await b.fetch(`/api/v1/approvals/${approvalId}/decision`, { method: 'POST', headers: json, body: '{"decision":"approve"}' })).status).toBe(200);

      const ran = await invokeOn(a.url);
      expect(ran.status).toBe(200);
      expect(((await ran.json()) as { result: string }).result).toBe('Word count: 2');
      // Used on A: B holds the same call anew.
      const again = await invokeOn(b.url);
      expect(again.status).toBe(202);
      expect(((await again.json()) as { approvalId: string }).approvalId).not.toBe(approvalId);
    });
  });
});
