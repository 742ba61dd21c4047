import { AppError } from '@/lib/app-error';
import { signOut } from '@/lib/auth/sign-out';
import { apiRoute } from '@/lib/http/api-route';
import { withSetCookies } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** Ends the caller's session on the server and clears its cookie. */
export const POST = apiRoute({ permission: 'signed-in' }, async (request, _params, { actor, db }) => {
  if (actor.kind !== 'user') throw new AppError('invalid', 'Only a session signs out; an API token is revoked instead');
  const setCookies = await signOut({ db, actor, headers: request.headers });
  return withSetCookies(new Response(null, { status: 204 }), setCookies);
});

/** GET, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
