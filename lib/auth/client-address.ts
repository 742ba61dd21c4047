import { CLIENT_ADDRESS_HEADER } from '@/lib/http/door-constants.mjs';

/**
 * The client's address, which the sign-in throttle counts failures by: the one the front door
 * found for this request (the TCP peer, or behind a trusted proxy the address it forwarded:
 * `clientAddressOf`), under a header the door always sets over anything a client sent. A request
 * that did not pass the door has none: `unknown`, one bucket for all such callers.
 */
export function clientAddress(headers: Headers): string {
  return headers.get(CLIENT_ADDRESS_HEADER)?.trim() || 'unknown';
}
