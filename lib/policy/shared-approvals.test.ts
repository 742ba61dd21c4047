import { expect, it } from 'vitest';
import { createAgent } from '@/lib/agents';
import { putAssignment } from '@/lib/assignments/put-assignment';
import { AGENT_RUNTIME } from '@/lib/auth/actor';
import { prepareToolCall } from '@/lib/runtime/prepare-tool-call';
import { TEST_ADMIN, TEST_EDITOR } from '@/test/auth/test-actors';
import { describeEachDatabase } from '@/test/db/databases';
import { factory, loadRegistry, named } from '@/test/registry/test-plugins';
import type { Db } from '@/lib/db/schema';
import type { Tool, ToolFactory, ToolRegistry } from '@/registry';
import { decideApproval } from './decide-approval';
import { HeldCallError } from './held-call';
import { listApprovals } from './list-approvals';

let runs = 0;

/** A tool whose annotations say it destroys: held for approval unless a policy says otherwise. */
const DropTableFactory = named(
  'DropTableFactory',
  class implements ToolFactory {
    name(): string {
      return 'drop_table';
    }
    create(): Tool {
      return {
        name: () => 'drop_table',
        description: () => 'Drops a table',
        parametersSchema: () => ({ type: 'object', properties: { table: { type: 'string' } }, required: ['table'] }),
        annotations: () => ({ destructiveHint: true }),
        execute: async ({ table }) => {
          runs += 1;
          return `dropped ${String(table)}`;
        },
      };
    }
  },
);

async function call(db: Db, registry: ToolRegistry, table: string): Promise<string> {
  const prepared = await prepareToolCall({ db, registry, actor: AGENT_RUNTIME, agentId: 'ops', toolName: 'drop_table', arguments: { table } });
  return (await prepared.run()).result;
}

describeEachDatabase('approvals shared by two instances on one database', (databases) => {
  it('holds a call on one instance, is listed and approved on the other, and runs once on either', async () => {
    runs = 0;
    const { db: first, url } = await databases.create();
    const second = await databases.open(url);
    const registry = await loadRegistry([factory(DropTableFactory)]);
    await createAgent({ db: first, actor: TEST_ADMIN, input: { id: 'ops', name: 'Ops' } });
    await putAssignment({ db: first, registry, actor: TEST_ADMIN, agentId: 'ops', toolName: 'drop_table', overrides: {} });

    const held = await call(first, registry, 'users').catch((error: unknown) => error);
    expect(held).toBeInstanceOf(HeldCallError);
    const { id } = (held as HeldCallError).approval;
    expect((await listApprovals({ db: second, actor: TEST_EDITOR, view: 'pending' })).map((approval) => approval.id)).toEqual([id]);

    await decideApproval({ db: second, actor: TEST_EDITOR, id, decision: 'approve' });
    await expect(call(second, registry, 'users')).resolves.toBe('dropped users');
    await expect(call(first, registry, 'users')).rejects.toBeInstanceOf(HeldCallError);
    expect(runs).toBe(1);
  });

  it('lets only one of two racing calls use one approval', async () => {
    runs = 0;
    const { db: first, url } = await databases.create();
    const second = await databases.open(url);
    const registry = await loadRegistry([factory(DropTableFactory)]);
    await createAgent({ db: first, actor: TEST_ADMIN, input: { id: 'ops', name: 'Ops' } });
    await putAssignment({ db: first, registry, actor: TEST_ADMIN, agentId: 'ops', toolName: 'drop_table', overrides: {} });
    const held = (await call(first, registry, 'orders').catch((error: unknown) => error)) as HeldCallError;
    await decideApproval({ db: first, actor: TEST_EDITOR, id: held.approval.id, decision: 'approve' });

    const outcomes = await Promise.allSettled([call(first, registry, 'orders'), call(second, registry, 'orders')]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(runs).toBe(1);
  });
});
