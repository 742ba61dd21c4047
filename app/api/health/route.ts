import { checkHealth } from '@/lib/health/check-health';
import { publicApiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** 200 when the database answers and the registry is loaded, 503 with what failed; no sign-in. */
export const GET = publicApiRoute(async () => {
  const health = await checkHealth();
  return Response.json(
    { status: health.ok ? 'ok' : 'fail', checks: health.checks },
    { status: health.ok ? 200 : 503, headers: { 'cache-control': 'no-store' } },
  );
});

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET'], { access: 'public' });
