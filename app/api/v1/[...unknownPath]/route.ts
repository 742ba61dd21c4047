import { apiRoute } from '@/lib/http/api-route';
import { problemResponse, statusTitle } from '@/lib/http/problem';

export const dynamic = 'force-dynamic';

/** Any path under /api/v1 that no route serves: a problem-details 404 (to a signed-in caller) instead of an HTML page. */
const notFound = apiRoute<{ unknownPath: string[] }>({ permission: 'signed-in' }, async (request) => {
  const { pathname } = new URL(request.url);
  return problemResponse({
    title: statusTitle(404),
    status: 404,
    detail: `No API resource at ${pathname}; /api/v1/openapi.json lists them all.`,
  });
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
