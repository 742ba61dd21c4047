import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempDatabase, type TempDatabase } from '@/test/api/api-harness';
import { createAgent } from '@/lib/agents';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { EchoTool, factory, loadRegistry } from '@/test/registry/test-plugins';
import type { Tool, ToolFactory } from '@/registry';
import { listEffectiveTools } from './list-effective-tools';

/** A factory whose tool describes itself with 5 MiB of text. */
class VerboseFactory implements ToolFactory {
  name(): string {
    return 'verbose';
  }
  create(): Tool {
    const tool = new EchoTool('verbose', 'Described');
    tool.description = () => 'x'.repeat(5 * 1024 * 1024);
    return tool;
  }
}

describe('listEffectiveTools', () => {
  let database: TempDatabase;
  beforeAll(async () => {
    database = await useTempDatabase();
  });
  afterAll(() => database.close());

  it('sends a tool with a 5 MiB description with its description cut to 16 KiB, as the catalogue does', async () => {
    const registry = await loadRegistry([factory(VerboseFactory, 'chatty-pkg')]);
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: 'reader', name: 'Reader' } });
    const now = new Date().toISOString();
    await database.db
      .insertInto('assignments')
      .values({ agent_id: 'reader', tool_name: 'verbose', overrides: '{}', version: 1, created_at: now, updated_at: now })
      .execute();

    const { tools } = await listEffectiveTools({ db: database.db, registry, actor: TEST_ADMIN, agentId: 'reader' });

    expect(tools.map((tool) => tool.name)).toEqual(['verbose']);
    const description = tools[0]?.description ?? '';
    expect(new TextEncoder().encode(description).byteLength).toBeLessThanOrEqual(16 * 1024);
    expect(description.endsWith('[…]')).toBe(true);
  });
});
