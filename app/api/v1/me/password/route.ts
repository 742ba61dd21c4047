import { ChangePasswordBodySchema } from '@/lib/api/auth-schemas';
import { changeOwnPassword } from '@/lib/auth/change-own-password';
import { apiRoute } from '@/lib/http/api-route';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** The signed-in user changes their own password; their other sessions end. */
export const POST = apiRoute({ permission: 'signed-in' }, async (request, _params, { actor, db }) => {
  const { currentPassword, newPassword } = await readJsonBody(request, ChangePasswordBodySchema);
  const { sessionsEnded } = await changeOwnPassword({ db, actor, currentPassword, newPassword, headers: request.headers });
  return jsonResponse({ otherSessionsEnded: sessionsEnded });
});

/** GET, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
