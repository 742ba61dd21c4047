import { endOwnSession } from '@/lib/auth/sessions';
import { getDb } from '@/lib/db';
import { apiRoute } from '@/lib/http/api-route';

export const dynamic = 'force-dynamic';

/** Ends one of the signed-in user's own sessions (on another device, say). */
export const DELETE = apiRoute<{ id: string }>({ permission: 'signed-in' }, async (_request, { id }, actor) => {
  await endOwnSession({ db: await getDb(), actor, sessionId: id });
  return new Response(null, { status: 204 });
});
