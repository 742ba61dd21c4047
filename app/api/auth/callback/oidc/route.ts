import { clientAddress } from '@/lib/auth/client-address';
import { finishOidcSignIn } from '@/lib/auth/oidc-sign-in';
import { publicWriteRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/**
 * The identity provider's redirect back (`?code&state`, or `?error`): on success a new session
 * cookie and a 303 to the app; refused, a 303 to `/sign-in?sso_error=<reason>`. This path is the
 * only Better Auth endpoint the app exposes besides what `lib/auth` calls itself.
 */
export const GET = publicWriteRoute(async (request, { db }) => {
  return finishOidcSignIn({ db, request, address: clientAddress(request.headers) });
});

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET'], { access: 'public' });
