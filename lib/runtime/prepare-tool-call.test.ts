import { afterEach, expect, it, vi } from 'vitest';
import { createAgent } from '@/lib/agents';
import { deleteAssignment } from '@/lib/assignments/delete-assignment';
import { putAssignment } from '@/lib/assignments/put-assignment';
import { AGENT_RUNTIME } from '@/lib/auth/actor';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { describeEachDatabase } from '@/test/db/databases';
import type { Db } from '@/lib/db/schema';
import { publishChange } from '@/lib/events';
import { echoFactory, factory, loadRegistry } from '@/test/registry/test-plugins';
import type { ToolRegistry } from '@/registry';
import { ASSIGNMENT_CACHE_MS } from './assignment-cache';
import { prepareToolCall } from './prepare-tool-call';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Calls `toolName` as `agentId` with "hello"; resolves to the result, or rejects with the AppError. */
async function call(db: Db, registry: ToolRegistry, agentId: string, toolName = 'echo'): Promise<string> {
  const prepared = await prepareToolCall({ db, registry, actor: AGENT_RUNTIME, agentId, toolName, arguments: { text: 'hello' } });
  return (await prepared.run()).result;
}

describeEachDatabase('prepareToolCall and the assignments it keeps between calls', (databases) => {
  it('refuses a tool at once once its assignment is removed on this instance', async () => {
    const { db } = await databases.create();
    const registry = await loadRegistry([factory(echoFactory('echo', 'EchoFactory'))]);
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'caller', name: 'Caller' } });
    const { assignment } = await putAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'caller', toolName: 'echo', overrides: {} });
    await expect(call(db, registry, 'caller')).resolves.toBe('echo: hello');

    await deleteAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'caller', toolName: 'echo', expectedVersion: assignment.version });

    await expect(call(db, registry, 'caller')).rejects.toMatchObject({ code: 'not_found', message: 'Agent "caller" has no tool "echo" assigned' });
    await putAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'caller', toolName: 'echo', overrides: {} });
    await expect(call(db, registry, 'caller')).resolves.toBe('echo: hello');
  });

  it('honours a removal made elsewhere at once when the change bus says so, and within the cache time when it does not', async () => {
    const { db } = await databases.create();
    const registry = await loadRegistry([factory(echoFactory('echo', 'EchoFactory'))]);
    for (const id of ['heard', 'unheard']) {
      await createAgent({ db, actor: TEST_ADMIN, input: { id, name: id } });
      await putAssignment({ db, registry, actor: TEST_ADMIN, agentId: id, toolName: 'echo', overrides: {} });
      await expect(call(db, registry, id)).resolves.toBe('echo: hello');
    }

    // Another instance removes both; only the first notice reaches this one.
    await db.deleteFrom('assignments').execute();
    await publishChange({ kind: 'agent-tools', agentId: 'heard' });

    await expect(call(db, registry, 'heard')).rejects.toMatchObject({ code: 'not_found' });
    // Still cached from before the removal…
    await expect(call(db, registry, 'unheard')).resolves.toBe('echo: hello');
    // …but no longer than the cache time.
    const now = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(now + ASSIGNMENT_CACHE_MS);
    await expect(call(db, registry, 'unheard')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('does not keep an assignment read while the agent\'s tools were changing', async () => {
    const { db } = await databases.create();
    const registry = await loadRegistry([factory(echoFactory('echo', 'EchoFactory'))]);
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'racing', name: 'Racing' } });
    await putAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'racing', toolName: 'echo', overrides: {} });

    // The change is announced while the call's read is under way: what it read may predate it.
    const reading = call(db, registry, 'racing');
    await publishChange({ kind: 'agent-tools', agentId: 'racing' });
    await expect(reading).resolves.toBe('echo: hello');
    await db.deleteFrom('assignments').execute();

    await expect(call(db, registry, 'racing')).rejects.toMatchObject({ code: 'not_found' });
  });
});
