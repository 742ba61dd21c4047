import { floorResponse } from '@/lib/bench/floor-response';
import { publicApiRoute } from '@/lib/http/api-route';

export const dynamic = 'force-dynamic';

// The bench's floor: 404 to everything unless the bench started this server with
// BENCH_FLOOR_DIR (see lib/bench/floor-response.ts). Every method is answered here, so an
// unserved one is a 404 too, never a 405 that would say the route exists.
const floor = (request: Request, { params }: { params: Promise<{ kind: string }> }) =>
  publicApiRoute(async () => floorResponse(request, (await params).kind))(request);

export const GET = floor;
export const POST = floor;
export const PUT = floor;
export const PATCH = floor;
export const DELETE = floor;
