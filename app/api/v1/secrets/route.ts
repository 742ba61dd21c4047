import { apiRoute } from '@/lib/http/api-route';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { listSecrets } from '@/lib/secrets';

export const dynamic = 'force-dynamic';

/** Every secret's name, who set it, when and which servers use it; never a value. */
export const GET = apiRoute({ permission: 'secrets:manage' }, async (_request, _params, { actor, db }) => {
  return jsonResponse({ secrets: await listSecrets({ db, actor }) });
});

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
