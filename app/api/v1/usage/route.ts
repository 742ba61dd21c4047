import { UsageQuerySchema } from '@/lib/api/usage-schemas';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readQuery } from '@/lib/http/query';
import { jsonResponse } from '@/lib/http/responses';
import { queryUsage } from '@/lib/usage/query-usage';

export const dynamic = 'force-dynamic';

/** Tool call statistics from the usage rollups: totals, a series and an optional breakdown. */
export const GET = apiRoute({ permission: 'agents:read' }, async (request, _params, { actor, db }) => {
  const query = readQuery(request, UsageQuerySchema);
  return jsonResponse(await queryUsage({ db, actor, ...query }));
});

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
