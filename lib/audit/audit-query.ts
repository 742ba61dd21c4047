import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Db } from '@/lib/db/schema';
import type { AuditFilters } from './audit-event';

/**
 * The events matching `filters` with ids below `beforeId`, newest first. Each filter is an
 * equality on an indexed column (or a range on `at`), and the order is the primary key's, so
 * a page reads one index range and stops after `limit` rows: no OFFSET, no count.
 */
export function auditEventsQuery(db: Db, filters: AuditFilters, beforeId?: number) {
  let query = db.selectFrom('audit_events').selectAll().orderBy('id', 'desc');
  if (filters.actor) query = query.where('actor_id', '=', filters.actor);
  if (filters.agent) query = query.where('agent_id', '=', filters.agent);
  if (filters.tool) query = query.where('tool_name', '=', filters.tool);
  if (filters.action) query = query.where('action', '=', filters.action);
  if (filters.from) query = query.where('at', '>=', isoTime(filters.from, 'from'));
  if (filters.to) query = query.where('at', '<', isoTime(filters.to, 'to'));
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
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
