import { UpdateUserBodySchema } from '@/lib/api/auth-schemas';
import { getUser } from '@/lib/auth/get-user';
import { updateUser } from '@/lib/auth/update-user';
import { apiRoute } from '@/lib/http/api-route';
import { expectedVersionFrom } from '@/lib/http/etag';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

type Params = { id: string };

/** One user, with its version as ETag. */
export const GET = apiRoute<Params>({ permission: 'users:manage' }, async (_request, { id }, { actor, db }) => {
  const user = await getUser({ db, actor, id });
  return jsonResponse(user, { version: user.version });
});

/** Changes a user's role or disables them (ending their sessions); needs If-Match. */
export const PATCH = apiRoute<Params>({ permission: 'users:manage' }, async (request, { id }, { actor, db }) => {
  const changes = await readJsonBody(request, UpdateUserBodySchema);
  const expectedVersion = await expectedVersionFrom(request, () => getUser({ db, actor, id }));
  const user = await updateUser({ db, actor, id, expectedVersion, changes });
  return jsonResponse(user, { version: user.version });
});

/** POST, PUT, DELETE: 405 with `Allow`. */
export const { POST, PUT, DELETE } = otherMethods(['GET', 'PATCH']);
