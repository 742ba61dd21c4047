import { AuditActorsQuerySchema } from '@/lib/api/audit-schemas';
import { listAuditActors } from '@/lib/audit/list-audit-actors';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readQuery } from '@/lib/http/query';
import { jsonResponse } from '@/lib/http/responses';

export const dynamic = 'force-dynamic';

/** Actors in the audit log matching `?q=`, for the audit page's actor picker. Read-only. */
export const GET = apiRoute({ permission: 'audit:read' }, async (request, _params, { actor, db }) => {
  const { q } = readQuery(request, AuditActorsQuerySchema);
  return jsonResponse({ actors: await listAuditActors({ db, actor, search: q }) });
});

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
