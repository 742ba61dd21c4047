import { SignInBodySchema } from '@/lib/api/auth-schemas';
import { clientAddress } from '@/lib/auth/client-address';
import { signIn } from '@/lib/auth/sign-in';
import { publicWriteRoute } from '@/lib/http/api-route';
import { readJsonBody } from '@/lib/http/read-json-body';
import { withSetCookies } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** Signs in with email and password: a new session cookie; 401 for wrong credentials, 429 while throttled. */
export const POST = publicWriteRoute(async (request, { db }) => {
  const { email, password } = await readJsonBody(request, SignInBodySchema);
  const { actor, setCookies } = await signIn({ db, email, password, address: clientAddress(request.headers), headers: request.headers });
  // The session token travels in the HttpOnly cookie only, never in a body page scripts can read.
  return withSetCookies(Response.json({ user: { email: actor.email, name: actor.displayName, role: actor.role } }), setCookies);
});

/** GET, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST'], { access: 'public' });
