import { CreateUserBodySchema } from '@/lib/api/auth-schemas';
import { createUser } from '@/lib/auth/create-user';
import { listUsers } from '@/lib/auth/list-users';
import { apiRoute } from '@/lib/http/api-route';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** Every user, by email. */
export const GET = apiRoute({ permission: 'users:manage' }, async (_request, _params, { actor, db }) => {
  return jsonResponse({ users: await listUsers({ db, actor }) });
});

/** Creates a user with a role and a password: 201 with its ETag. */
export const POST = apiRoute({ permission: 'users:manage' }, async (request, _params, { actor, db }) => {
  const input = await readJsonBody(request, CreateUserBodySchema);
  const user = await createUser({ db, actor, input });
  return jsonResponse(user, { status: 201, version: user.version, location: `/api/v1/users/${user.id}` });
});

/** PUT, PATCH, DELETE: 405 with `Allow`. */
export const { PUT, PATCH, DELETE } = otherMethods(['GET', 'POST']);
