export { agentTarget, assignmentTarget, todoListTarget, MAX_AUDIT_PAGE, type AuditAction, type AuditEvent } from './audit-event';
export { listAuditEvents, type ListAuditEventsOptions } from './list-audit-events';
export { recordAuditEvent, type AuditEntry } from './record-audit-event';
