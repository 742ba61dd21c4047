import { AuditQuerySchema } from '@/lib/api/audit-schemas';
import { listAuditEvents } from '@/lib/audit';
import { getDb } from '@/lib/db';
import { apiRoute } from '@/lib/http/api-route';
import { readQuery } from '@/lib/http/query';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** One page of the audit log, newest first. */
export const GET = apiRoute({ permission: 'audit:read' }, async (request, _params, actor) => {
  const { limit, cursor } = readQuery(request, AuditQuerySchema);
  return jsonResponse(await listAuditEvents({ db: await getDb(), actor, limit, cursor }));
});

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
