import { publicApiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { ProblemError } from '@/lib/http/problem';
import { mayReadMetrics } from '@/lib/metrics/may-read-metrics';
import { renderMetrics } from '@/lib/metrics/render-metrics';

export const dynamic = 'force-dynamic';

/** Prometheus text: requests, tool calls, plugin problems, the database pool; loopback only. */
export const GET = publicApiRoute(async (request) => {
  if (!mayReadMetrics(request)) throw new ProblemError(403, 'The metrics are served to this machine only.');
  const { text, contentType } = await renderMetrics();
  return new Response(text, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
});

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET'], { access: 'public' });
