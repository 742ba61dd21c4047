import { CreateTokenBodySchema } from '@/lib/api/auth-schemas';
import { createToken } from '@/lib/auth/create-token';
import { listTokens } from '@/lib/auth/list-tokens';
import { getDb } from '@/lib/db';
import { apiRoute } from '@/lib/http/api-route';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';

export const dynamic = 'force-dynamic';

/** Every API token, newest first, without secrets. */
export const GET = apiRoute({ permission: 'tokens:manage' }, async (_request, _params, actor) => {
  return jsonResponse({ tokens: await listTokens({ db: await getDb(), actor }) });
});

/** Creates an API token: 201 with its secret, shown this once. */
export const POST = apiRoute({ permission: 'tokens:manage' }, async (request, _params, actor) => {
  const input = await readJsonBody(request, CreateTokenBodySchema);
  const created = await createToken({ db: await getDb(), actor, input });
  return jsonResponse(created, { status: 201, location: `/api/v1/tokens/${created.token.id}` });
});
