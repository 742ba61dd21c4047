import { AuditQuerySchema } from '@/lib/api/audit-schemas';
import { listAuditEvents } from '@/lib/audit';
import { getDb } from '@/lib/db';
import { apiRoute } from '@/lib/http/api-route';
import { readQuery } from '@/lib/http/query';
import { jsonResponse } from '@/lib/http/responses';

export const dynamic = 'force-dynamic';

/** One page of the audit log, newest first. */
export const GET = apiRoute({ permission: 'audit:read' }, async (request, _params, actor) => {
  const { limit, cursor } = readQuery(request, AuditQuerySchema);
  return jsonResponse(await listAuditEvents({ db: await getDb(), actor, limit, cursor }));
});
