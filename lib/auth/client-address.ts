/**
 * The header the server sets on every request to the peer address of its TCP connection
 * (`lib/http/peer-address-hook.ts`), replacing whatever a client sent under that name.
 */
export const PEER_ADDRESS_HEADER = 'x-tools-admin-peer';

/** Whether TRUST_PROXY is set to something other than 0, false, no or off. */
export function isProxyTrusted(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.TRUST_PROXY?.trim().toLowerCase();
  return value !== undefined && value !== '' && !['0', 'false', 'no', 'off'].includes(value);
}

/**
 * The client's address, which the sign-in throttle counts failures by. `next start` passes a
 * client's own `X-Forwarded-For` through untouched (it only fills the header in when absent),
 * so that header is believed only behind a proxy the operator vouches for (TRUST_PROXY): then
 * the last entry, the one the proxy appended. Otherwise it is the TCP peer.
 */
export function clientAddress(headers: Headers, env: NodeJS.ProcessEnv = process.env): string {
  const peer = headers.get(PEER_ADDRESS_HEADER)?.trim() || 'unknown';
  if (!isProxyTrusted(env)) return peer;
  const forwarded = headers.get('x-forwarded-for')?.split(',').map((part) => part.trim()).filter(Boolean);
  return forwarded?.at(-1) ?? peer;
}
