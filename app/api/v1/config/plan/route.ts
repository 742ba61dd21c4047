import { ConfigPlanBodySchema } from '@/lib/api/config-schemas';
import { planConfig } from '@/lib/config';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json-body';
import { pacedJsonResponse } from '@/lib/http/responses';

export const dynamic = 'force-dynamic';

/** What applying a configuration file would change, object by object; changes nothing. */
export const POST = apiRoute({ permission: 'agents:write' }, async (request, _params, { actor, db, registry }) => {
  const { file, prune } = await readJsonBody(request, ConfigPlanBodySchema);
  return pacedJsonResponse(await planConfig({ db, registry, actor, text: file, prune }));
});

/** GET, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
