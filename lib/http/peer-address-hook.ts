import 'server-only';
import http from 'node:http';
import { PEER_ADDRESS_HEADER } from '@/lib/auth/client-address';

const host = globalThis as typeof globalThis & { toolsAdminPeerHook?: boolean };

/**
 * Stamps every incoming request with its TCP peer address, overwriting a client's own header
 * of that name. Route handlers get web `Request`s without the socket; this is how the sign-in
 * throttle learns who is really asking. Installed once per process, from `instrumentation.ts`.
 */
export function installPeerAddressHook(): void {
  if (host.toolsAdminPeerHook) return;
  host.toolsAdminPeerHook = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitWithPeer(this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    const request = args[0];
    if (event === 'request' && request instanceof http.IncomingMessage) {
      request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? 'unknown';
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  };
}
