import { listOwnSessions } from '@/lib/auth/sessions';
import { getDb } from '@/lib/db';
import { apiRoute } from '@/lib/http/api-route';
import { jsonResponse } from '@/lib/http/responses';

export const dynamic = 'force-dynamic';

/** The signed-in user's own live sessions, the current one marked. */
export const GET = apiRoute({ permission: 'signed-in' }, async (_request, _params, actor) => {
  return jsonResponse({ sessions: await listOwnSessions({ db: await getDb(), actor }) });
});
