import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Db } from '@/lib/db/schema';
import type { AuditFilters } from './audit-event';
import type { AuditPosition } from './audit-cursor';

/**
 * The events matching `filters` that come after `below` in the log, newest first by (at, id).
 * Each filter is an equality on a column indexed as (column, at, id), or a range on `at`, so a
 * page reads one index range in order and stops after `limit` rows: no OFFSET, no count.
 */
export function auditEventsQuery(db: Db, filters: AuditFilters, below?: AuditPosition) {
  let query = db.selectFrom('audit_events').selectAll().orderBy('at', 'desc').orderBy('id', 'desc');
  if (filters.actor) query = query.where('actor_id', '=', filters.actor);
  if (filters.agent) query = query.where('agent_id', '=', filters.agent);
  if (filters.tool) query = query.where('tool_name', '=', filters.tool);
  if (filters.action) query = query.where('action', '=', filters.action);
  if (filters.from) query = query.where('at', '>=', isoTime(filters.from, 'from'));
  if (filters.to) query = query.where('at', '<', isoTime(filters.to, 'to'));
  // A row-value comparison, which both engines read as one index range.
  if (below !== undefined) query = query.where((eb) => eb(eb.refTuple('at', 'id'), '<', eb.tuple(below.at, below.id)));
  return query;
}

// Stored times are `Date#toISOString()` text, so comparing that same form orders them by time.
function isoTime(value: string, name: 'from' | 'to'): string {
  const time = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(value) ? new Date(value) : undefined;
  if (time === undefined || Number.isNaN(time.getTime())) {
    throw new AppError('invalid', `"${name}" must be an ISO 8601 date or time, e.g. 2026-01-31T09:00:00Z (got "${value}")`, {
      errors: [{ pointer: `/${name}`, message: 'Use an ISO 8601 date or time, e.g. 2026-01-31T09:00:00Z.' }],
    });
  }
  return time.toISOString();
}
