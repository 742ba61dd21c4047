export { agentTarget, assignmentTarget, todoListTarget, type AuditAction, type AuditEvent } from './audit-event';
export { listAuditEvents, MAX_AUDIT_PAGE, type ListAuditEventsOptions } from './list-audit-events';
export { recordAuditEvent, type AuditEntry } from './record-audit-event';
