import 'server-only';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/door-constants.mjs';

/** Whether `address` is this machine's own: 127.0.0.0/8, ::1, or either mapped into IPv6. */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.toLowerCase().replace(/^::ffff:/, '');
  return bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/**
 * Whether this request may read /api/metrics: today, when it comes from loopback (the client
 * address the front door found, which honours TRUST_PROXY). The one place to add "or a
 * token with the metrics scope" once API tokens exist. A request that did not pass the front
 * door carries no address and is refused.
 */
export function mayReadMetrics(request: Request): boolean {
  const client = request.headers.get(CLIENT_ADDRESS_HEADER);
  return client !== null && isLoopbackAddress(client);
}
