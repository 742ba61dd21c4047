import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '@/test/db/databases';
import { initialMigration } from './0001-initial';
import { auditFiltersMigration } from './0010-audit-filters';

describeEachDatabase('migration 0010-audit-filters', (databases) => {
  it('backfills actor, agent and tool of events written before it, from their actor and target', async () => {
    const url = await databases.createBlank();
    const db = await databases.open(url);
    await initialMigration(databases.kind).up(db);
    const old = [
      { target: 'agents/demo', actor: 'local-admin' },
      { target: 'agents/demo/tools/fs_read_file', actor: 'local-admin' },
      { target: 'agents/a-2/tools/unit_convert/x', actor: 'runtime' },
      { target: 'sessions/s1/todos', actor: 'runtime' },
    ];
    for (const { target, actor } of old) {
      await sql`insert into audit_events (at, actor, action, target, before, after) values ('2026-01-01T00:00:00.000Z', ${actor}, 'agent.create', ${target}, null, '{}')`.execute(db);
    }

    await auditFiltersMigration(databases.kind).up(db);

    const { rows } = await sql<{ actor_id: string; actor_name: string; agent_id: string | null; tool_name: string | null }>`
      select actor_id, actor_name, agent_id, tool_name from audit_events order by id`.execute(db);
    expect(rows).toEqual([
      { actor_id: 'local-admin', actor_name: 'local-admin', agent_id: 'demo', tool_name: null },
      { actor_id: 'local-admin', actor_name: 'local-admin', agent_id: 'demo', tool_name: 'fs_read_file' },
      { actor_id: 'runtime', actor_name: 'runtime', agent_id: 'a-2', tool_name: 'unit_convert/x' },
      { actor_id: 'runtime', actor_name: 'runtime', agent_id: null, tool_name: null },
    ]);
  });
});
