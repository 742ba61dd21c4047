import { CreateTokenBodySchema } from '@/lib/api/auth-schemas';
import { createToken } from '@/lib/auth/create-token';
import { listTokens } from '@/lib/auth/list-tokens';
import { apiRoute } from '@/lib/http/api-route';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** Every API token, newest first, without secrets. */
export const GET = apiRoute({ permission: 'tokens:manage' }, async (_request, _params, { actor, db }) => {
  return jsonResponse({ tokens: await listTokens({ db, actor }) });
});

/** Creates an API token: 201 with its secret, shown this once. */
export const POST = apiRoute({ permission: 'tokens:manage' }, async (request, _params, { actor, db }) => {
  const input = await readJsonBody(request, CreateTokenBodySchema);
  const created = await createToken({ db, actor, input });
  return jsonResponse(created, { status: 201, location: `/api/v1/tokens/${created.token.id}` });
});

/** PUT, PATCH, DELETE: 405 with `Allow`. */
export const { PUT, PATCH, DELETE } = otherMethods(['GET', 'POST']);
