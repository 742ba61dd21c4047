import { endOwnSession } from '@/lib/auth/sessions';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** Ends one of the signed-in user's own sessions (on another device, say). */
export const DELETE = apiRoute<{ id: string }>({ permission: 'signed-in' }, async (_request, { id }, { actor, db }) => {
  await endOwnSession({ db, actor, sessionId: id });
  return new Response(null, { status: 204 });
});

/** GET, POST, PUT, PATCH: 405 with `Allow`. */
export const { GET, POST, PUT, PATCH } = otherMethods(['DELETE']);
