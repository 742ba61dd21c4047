/** The host part of a `Host` header or URL authority, lower-cased, without its port. */
export function hostnameOf(authority: string): string;
/** The app's own names: localhost names, the host of PUBLIC_URL and ALLOWED_HOSTS. */
export function ownHostNames(env: Record<string, string | undefined>): Set<string>;
/** Whether a `Host` header names this app. */
export function isOwnHost(hostHeader: string | undefined, names: ReadonlySet<string>): boolean;
/** Whether a request must carry the app's own Origin (a cookie mutation without Bearer). */
export function needsOwnOrigin(method: string, headers: Record<string, string | string[] | undefined>): boolean;
/** Whether `Origin` is the app's own origin. */
export function isOwnOrigin(
  origin: string | undefined,
  options: { hostHeader: string | undefined; scheme: 'http' | 'https'; publicUrl: string | undefined },
): boolean;
