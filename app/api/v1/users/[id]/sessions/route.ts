import { endUserSessions } from '@/lib/auth/end-user-sessions';
import { apiRoute } from '@/lib/http/api-route';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** Ends every session of a user at once (admins): `{ ended }` sessions. */
export const DELETE = apiRoute<{ id: string }>({ permission: 'users:manage' }, async (_request, { id }, { actor, db }) => {
  return jsonResponse({ ended: await endUserSessions({ db, actor, id }) });
});

/** GET, POST, PUT, PATCH: 405 with `Allow`. */
export const { GET, POST, PUT, PATCH } = otherMethods(['DELETE']);
