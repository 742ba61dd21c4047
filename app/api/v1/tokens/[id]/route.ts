import { revokeToken } from '@/lib/auth/revoke-token';
import { apiRoute } from '@/lib/http/api-route';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** Revokes the token: refused from the next request on. The revoked token stays in the list. */
export const DELETE = apiRoute<{ id: string }>({ permission: 'tokens:manage' }, async (_request, { id }, { actor, db }) => {
  return jsonResponse(await revokeToken({ db, actor, id }));
});

/** GET, POST, PUT, PATCH: 405 with `Allow`. */
export const { GET, POST, PUT, PATCH } = otherMethods(['DELETE']);
