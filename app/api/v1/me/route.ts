import { permissionsOf } from '@/lib/auth/actor';
import { apiRoute } from '@/lib/http/api-route';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** Who the caller is (user or token) and every permission they hold. */
export const GET = apiRoute({ permission: 'signed-in' }, async (_request, _params, { actor }) => {
  return jsonResponse({
    kind: actor.kind,
    id: actor.id,
    displayName: actor.displayName,
    ...(actor.kind === 'user' ? { email: actor.email, role: actor.role } : {}),
    permissions: permissionsOf(actor),
  });
});

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
