import 'server-only';

export {
  agentTarget,
  assignmentTarget,
  todoListTarget,
  AUDIT_ACTIONS,
  MAX_AUDIT_PAGE,
  type AuditAction,
  type AuditEvent,
  type AuditFilters,
} from './audit-event';
export { listAuditEvents, type ListAuditEventsOptions } from './list-audit-events';
export { recordAuditEvent, type AuditEntry } from './record-audit-event';
export { streamAuditEvents, type StreamAuditEventsOptions } from './stream-audit-events';
