import { errorResponse } from '@/lib/http/error-response';
import { ProblemError } from '@/lib/http/problem';
import { requestIdOf } from '@/lib/http/request-id';

export const dynamic = 'force-dynamic';

/** Any path under /api/v1 that no route serves: a problem-details 404 instead of an HTML page. */
function notFound(request: Request): Response {
  const { pathname } = new URL(request.url);
  const problem = new ProblemError(404, `No API resource at ${pathname}; /api/v1/openapi.json lists them all.`);
  return errorResponse(problem, requestIdOf(request));
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
