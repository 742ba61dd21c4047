import 'server-only';
import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseKind } from '../dialect-of';

// The log is read newest first by (at, id): each filter's index ends in those two columns, so
// a filtered page, a time range, or both, is one index range read in order, stopped after a page.
const FILTER_INDEXES: Record<string, string[]> = {
  audit_events_at_id: ['at', 'id'],
  audit_events_actor_id: ['actor_id', 'at', 'id'],
  audit_events_agent_id: ['agent_id', 'at', 'id'],
  audit_events_tool_name: ['tool_name', 'at', 'id'],
  audit_events_action: ['action', 'at', 'id'],
};

/**
 * The audit log's filter columns: who acted (`actor_id`, `actor_name`), on which agent and tool,
 * each indexed with the log's order. Existing rows are backfilled from their actor and target.
 */
export function auditFiltersMigration(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const column of ['actor_id', 'actor_name', 'agent_id', 'tool_name']) {
        await db.schema.alterTable('audit_events').addColumn(column, 'text').execute();
      }
      await sql`update audit_events set actor_id = actor, actor_name = actor`.execute(db);
      // Targets read `agents/<id>` or `agents/<id>/tools/<tool>`; agent ids never hold a slash.
      if (kind === 'postgres') {
        await sql`
          update audit_events set
            agent_id = split_part(target, '/', 2),
            tool_name = substring(target from '^agents/[^/]+/tools/(.+)$')
          where target like 'agents/%'`.execute(db);
      } else {
        await sql`
          update audit_events set
            agent_id = case when instr(substr(target, 8), '/') > 0
              then substr(substr(target, 8), 1, instr(substr(target, 8), '/') - 1)
              else substr(target, 8) end,
            tool_name = case when instr(substr(target, 8), '/tools/') > 0
              then substr(substr(target, 8), instr(substr(target, 8), '/tools/') + 7) end
          where substr(target, 1, 7) = 'agents/'`.execute(db);
      }
      await sql`update audit_events set actor_id = '' where actor_id is null`.execute(db);
      for (const [name, columns] of Object.entries(FILTER_INDEXES)) {
        await db.schema.createIndex(name).on('audit_events').columns(columns).execute();
      }
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const name of Object.keys(FILTER_INDEXES)) await db.schema.dropIndex(name).execute();
      for (const column of ['tool_name', 'agent_id', 'actor_name', 'actor_id']) {
        await db.schema.alterTable('audit_events').dropColumn(column).execute();
      }
    },
  };
}
