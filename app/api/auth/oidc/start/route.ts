import { AppError } from '@/lib/app-error';
import { startOidcSignIn } from '@/lib/auth/oidc-sign-in';
import { safeNextPath } from '@/lib/auth/safe-next-path';
import { publicWriteRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/**
 * "Sign in with <provider>": a 303 to the identity provider's authorization endpoint, with the
 * state cookie that binds the flow to this browser. A link, not a form: the page's CSP
 * (`form-action 'self'`) would stop a form's redirect to another origin. `?next=` names the page to
 * return to, kept only when it is a path of this app (`safeNextPath`). 404 without OIDC_ISSUER.
 */
export const GET = publicWriteRoute(async (request, { db }) => {
  const started = await startOidcSignIn(db, safeNextPath(new URL(request.url).searchParams.get('next')));
  if (!started) throw new AppError('not_found', 'Single sign-on is not configured (OIDC_ISSUER)');
  const headers = new Headers({ location: started.url, 'cache-control': 'no-store' });
  for (const cookie of started.setCookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
});

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET'], { access: 'public' });
