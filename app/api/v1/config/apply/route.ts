import { ConfigApplyBodySchema } from '@/lib/api/config-schemas';
import { applyConfig } from '@/lib/config';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json-body';
import { pacedJsonResponse } from '@/lib/http/responses';

export const dynamic = 'force-dynamic';

/** Applies a reviewed plan in one transaction; 412 when the state changed since it was made. */
export const POST = apiRoute({ permission: 'agents:write' }, async (request, _params, { actor, db, registry }) => {
  const { file, prune, planHash } = await readJsonBody(request, ConfigApplyBodySchema);
  return pacedJsonResponse(await applyConfig({ db, registry, actor, text: file, prune, planHash }));
});

/** GET, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
