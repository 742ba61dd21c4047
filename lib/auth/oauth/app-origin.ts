import 'server-only';

/**
 * The origin the app is reached at, for OAuth's issuer and resource URLs: PUBLIC_URL when set
 * (behind TLS or a proxy it must be), else `http://` and the Host this request came by. The
 * front door refuses a Host that is not the app's own, so the Host is not the caller's free choice.
 */
export function appOriginOf(headers: Headers, env: Readonly<Record<string, string | undefined>> = process.env): string {
  const configured = env.PUBLIC_URL?.trim();
  if (configured) return new URL(configured).origin;
  const host = headers.get('host') ?? `localhost:${env.PORT?.trim() || '3000'}`;
  return new URL(`http://${host}`).origin;
}

/** {@link appOriginOf} a request. */
export function appOrigin(request: Request, env: Readonly<Record<string, string | undefined>> = process.env): string {
  return appOriginOf(request.headers, env);
}
