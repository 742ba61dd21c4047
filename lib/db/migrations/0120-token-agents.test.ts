import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '@/test/db/databases';
import { authTablesMigration } from './0003-auth-tables';
import { tokenAgentsMigration } from './0120-token-agents';

describeEachDatabase('migration 0120-token-agents', (databases) => {
  it('gives tokens made before it all agents, marked "all", and can be undone', async () => {
    const url = await databases.createBlank();
    const db = await databases.open(url);
    await authTablesMigration().up(db);
    await sql`insert into api_tokens (id, name, prefix, secret_hash, scopes, created_by, created_at)
      values ('t1', 'old runtime', 'tat_abcd', 'hash', '["runtime"]', 'user:a', '2026-01-01T00:00:00.000Z')`.execute(db);

    await tokenAgentsMigration().up(db);

    const { rows } = await sql<{ id: string; agents: string }>`select id, agents from api_tokens`.execute(db);
    expect(rows).toEqual([{ id: 't1', agents: 'all' }]);
    await sql`insert into api_token_agent_uses (token_id, agent_id, last_used_at) values ('t1', 'hr', '2026-01-02T00:00:00.000Z')`.execute(db);
    await expect(sql`insert into api_token_agent_uses (token_id, agent_id, last_used_at) values ('t1', 'hr', '2026-01-03T00:00:00.000Z')`.execute(db)).rejects.toThrow();

    const { down } = tokenAgentsMigration();
    if (!down) throw new Error('0120 has no down migration');
    await down(db);
    const { rows: after } = await sql<Record<string, unknown>>`select * from api_tokens`.execute(db);
    expect(Object.keys(after[0] ?? {})).not.toContain('agents');
  });
});
