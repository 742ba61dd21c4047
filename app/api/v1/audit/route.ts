import { AuditQuerySchema } from '@/lib/api/audit-schemas';
import { listAuditEvents, streamAuditEvents } from '@/lib/audit';
import { apiRoute } from '@/lib/http/api-route';
import { jsonLinesResponse } from '@/lib/http/json-lines-response';
import { readQuery } from '@/lib/http/query';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/**
 * The audit log, newest first: one page (`?cursor=`), or with `format=jsonl` (or
 * `Accept: application/x-ndjson`) every matching event streamed as JSON lines. Read-only: no
 * method changes or deletes an event.
 */
export const GET = apiRoute({ permission: 'audit:read' }, async (request, _params, { actor, db }) => {
  const { limit, cursor, format, ...filters } = readQuery(request, AuditQuerySchema);
  const wantsLines = format === 'jsonl' || (format === undefined && acceptsJsonLines(request));
  if (wantsLines) {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    return jsonLinesResponse(streamAuditEvents({ db, actor, filters }), { filename: `audit-${stamp}.jsonl` });
  }
  return jsonResponse(await listAuditEvents({ db, actor, limit, cursor, filters }));
});

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);

function acceptsJsonLines(request: Request): boolean {
  return (request.headers.get('accept') ?? '').split(',').some((type) => type.split(';')[0]?.trim() === 'application/x-ndjson');
}
