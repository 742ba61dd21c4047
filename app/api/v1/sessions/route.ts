import { listOwnSessions } from '@/lib/auth/sessions';
import { apiRoute } from '@/lib/http/api-route';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** The signed-in user's own live sessions, the current one marked. */
export const GET = apiRoute({ permission: 'signed-in' }, async (_request, _params, { actor, db }) => {
  return jsonResponse({ sessions: await listOwnSessions({ db, actor }) });
});

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
