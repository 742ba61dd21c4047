import { afterEach, expect, it, vi } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { openDatabase } from '@/lib/db/open-database';
import { describeEachDatabase } from '@/test/db/databases';
import type { Db } from '@/lib/db/schema';
import { tempFilesRoot } from '@/test/files/files-root';
import { publishChange } from '@/lib/events';
import { bootRegistry } from '@/lib/registry-host';
import { SqlTodoListService } from '@/lib/todos/sql-todo-list-service';
import { refreshWorkflowCaches, trackWorkflowCache, WorkflowCache } from './workflow-cache';
import { createWorkflow } from './workflow-store';

const files = tempFilesRoot();

const definition = {
  name: 'summarize',
  description: 'Counts the words of a text',
  inputs: [{ name: 'text', type: 'string' as const, required: true, description: 'The text' }],
  steps: [{ id: 'count', tool: 'word_count', arguments: { text: '{{input.text}}' } }],
  output: 'Words: {{steps.count.result}}',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describeEachDatabase('The workflow cache', (databases) => {
  /** A cache on a connection of its own to a database holding one workflow, loaded, tracked and watching. */
  async function watchingCache(): Promise<{ cache: WorkflowCache; connection: Db }> {
    const { url, db } = await databases.create();
    const registry = await bootRegistry({ workflowDb: async () => db, todoListService: new SqlTodoListService({ db }), env: { FS_ALLOWED_ROOTS: files.root } });
    await createWorkflow({ db, actor: TEST_ADMIN, registry, definition });
    const connection = await openDatabase({ url, migrate: false });
    const cache = new WorkflowCache(async () => connection);
    await cache.reload();
    trackWorkflowCache(cache);
    cache.watch();
    return { cache, connection };
  }

  it('stops quietly once its database is closed, keeping what it had loaded', async () => {
    const { cache, connection } = await watchingCache();
    expect([...cache.toolNames()]).toEqual(['workflow_summarize']);
    await connection.destroy();
    const errors = vi.spyOn(console, 'error');

    // A change elsewhere, and a write's refresh of every cache in the process: neither may fail or log.
    await publishChange({ kind: 'catalogue' });
    await expect(refreshWorkflowCaches()).resolves.toBeUndefined();
    await expect(cache.reload()).resolves.toBeUndefined();

    expect(errors.mock.calls.filter((call) => String(call[0]).startsWith('Workflows:'))).toEqual([]);
    expect([...cache.toolNames()]).toEqual(['workflow_summarize']);
  });

  it('still reports any other failure to read', async () => {
    const cache = new WorkflowCache(async () => {
      throw new Error('connection refused');
    });
    await expect(cache.reload()).rejects.toThrow('connection refused');
  });
});
