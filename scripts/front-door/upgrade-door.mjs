// @ts-check
// Upgrade requests (WebSocket; in development, Next's hot reloading) never reach the request
// listener, so the front door's Host and Origin rules are applied to them here, before they are
// handed on to Next. A browser always sends Origin with a WebSocket; it must be the app's own.
import { isProxyTrusted } from '../../lib/http/door-constants.mjs';
import { isOwnHost, isOwnOrigin, ownHostNames } from './own-hosts.mjs';

/** @typedef {(req: import('node:http').IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => void} UpgradeListener */

/**
 * The server's `upgrade` listener: refuses a foreign Host (421) or a foreign Origin (403) with a
 * bare HTTP answer and a closed socket, and hands everything else to `forward` (Next).
 * @param {{ env: Readonly<Record<string, string | undefined>>; forward: UpgradeListener }} options
 * @returns {UpgradeListener}
 */
export function createUpgradeDoor({ env, forward }) {
  const names = ownHostNames(env);
  const isTrusted = isProxyTrusted(env);
  return (req, socket, head) => {
    const scheme = isTrusted && String(req.headers['x-forwarded-proto'] ?? '').split(',')[0]?.trim() === 'https' ? 'https' : 'http';
    const { origin, host } = req.headers;
    let refusal;
    if (!isOwnHost(host, names)) refusal = '421 Misdirected Request';
    else if (origin !== undefined && !isOwnOrigin(origin, { hostHeader: host, scheme, publicUrl: env.PUBLIC_URL })) refusal = '403 Forbidden';
    if (!refusal) return forward(req, socket, head);
    socket.on('error', () => {});
    socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };
}
