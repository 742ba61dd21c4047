import 'server-only';
import type { ApiOperation } from '../api-operation';
import { AuditActorsQuerySchema, AuditActorsSchema, AuditPageSchema, AuditQuerySchema } from '../audit-schemas';

/** The audit log, read only. */
export const auditOperations: ApiOperation[] = [
  {
    method: 'GET', path: '/api/v1/audit', operationId: 'listAuditEvents', tag: 'audit',
    summary: 'Audit events, newest first, filtered, one page at a time or all as JSON lines; no method changes or deletes one',
    query: AuditQuerySchema,
    success: {
      200: {
        description: 'One page of events; with format=jsonl or Accept: application/x-ndjson, every matching event, one `AuditEvent` per line, streamed as a download',
        schema: AuditPageSchema,
        otherContent: {
          'application/x-ndjson': {
            schema: { type: 'string', description: 'Lines of JSON, each an `AuditEvent` (#/components/schemas/AuditEvent), newest first' },
          },
        },
      },
    },
    problems: [400],
    problemDescriptions: {
      400: 'The query has invalid parameters (field errors in `errors`, e.g. `/from` for a time that is not ISO 8601), or the cursor is not one this server gave out',
    },
  },
  {
    method: 'GET', path: '/api/v1/audit/actors', operationId: 'listAuditActors', tag: 'audit',
    summary: 'Actors in the audit log whose id or name contains the text, at most 20, for the actor filter',
    query: AuditActorsQuerySchema,
    success: { 200: { description: 'The matching actors, by id', schema: AuditActorsSchema } },
    problems: [400],
    problemDescriptions: { 400: 'The search text is too long or holds U+0000' },
  },
];
