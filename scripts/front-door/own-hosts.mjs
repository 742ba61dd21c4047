// @ts-check
// Which `Host` names are this app's own, and which origin a cookie write must come from.
// Plain ESM so the front door (scripts/server.mjs) runs without a build step.

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The host part of a `Host` header or URL authority, lower-cased, without its port.
 * @param {string} authority
 * @returns {string}
 */
export function hostnameOf(authority) {
  const value = authority.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end === -1 ? value : value.slice(0, end + 1);
  }
  const colon = value.indexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

/**
 * The app's own names: the localhost names (and any `*.localhost`, which browsers resolve to
 * loopback themselves), the host of `PUBLIC_URL` and the names in `ALLOWED_HOSTS`
 * (comma- or space-separated).
 * @param {Readonly<Record<string, string | undefined>>} env
 * @returns {Set<string>}
 */
export function ownHostNames(env) {
  const names = new Set(LOOPBACK_NAMES);
  if (env.PUBLIC_URL) names.add(hostnameOf(new URL(env.PUBLIC_URL).host));
  for (const name of (env.ALLOWED_HOSTS ?? '').split(/[\s,]+/)) {
    if (name !== '') names.add(hostnameOf(name));
  }
  return names;
}

/**
 * Whether a `Host` header names this app; a missing or empty one never does.
 * @param {string | undefined} hostHeader
 * @param {ReadonlySet<string>} names
 * @returns {boolean}
 */
export function isOwnHost(hostHeader, names) {
  if (!hostHeader) return false;
  const name = hostnameOf(hostHeader);
  return names.has(name) || name.endsWith('.localhost');
}

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a request must prove it comes from the app's own pages: a mutation that carries a
 * cookie and is not authenticated by a Bearer token (a browser attaches cookies to cross-site
 * requests; it never attaches a Bearer token on its own).
 * @param {string} method
 * @param {{ cookie?: string | string[]; authorization?: string | string[] }} headers
 * @returns {boolean}
 */
export function needsOwnOrigin(method, headers) {
  if (!MUTATIONS.has(method.toUpperCase())) return false;
  if (!headers.cookie) return false;
  return !/^Bearer\s+\S/i.test(String(headers.authorization ?? ''));
}

/**
 * Whether `Origin` is the app's own origin: the scheme and `Host` this request came in by, or
 * the origin of `PUBLIC_URL`. Absent, `null` and anything else is foreign.
 * @param {string | undefined} origin
 * @param {{ hostHeader: string | undefined; scheme: 'http' | 'https'; publicUrl: string | undefined }} request
 * @returns {boolean}
 */
export function isOwnOrigin(origin, { hostHeader, scheme, publicUrl }) {
  if (!origin || origin === 'null') return false;
  let parsed;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (publicUrl && parsed.origin === new URL(publicUrl).origin) return true;
  return hostHeader !== undefined && parsed.origin === new URL(`${scheme}://${hostHeader}`).origin;
}
