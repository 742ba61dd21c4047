import { revokeToken } from '@/lib/auth/revoke-token';
import { getDb } from '@/lib/db';
import { apiRoute } from '@/lib/http/api-route';
import { jsonResponse } from '@/lib/http/responses';

export const dynamic = 'force-dynamic';

/** Revokes the token: refused from the next request on. The revoked token is kept in the list. */
export const DELETE = apiRoute<{ id: string }>({ permission: 'tokens:manage' }, async (_request, { id }, actor) => {
  return jsonResponse(await revokeToken({ db: await getDb(), actor, id }));
});
