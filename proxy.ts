import { NextResponse, type NextRequest } from 'next/server';

/**
 * An address whose dynamic segment is not valid percent-encoding (`/tools/%`, `/agents/%ZZ`,
 * `/api/v1/tools/%E0%A4%A`) makes Next's own router fail with a bare 500 before any page or
 * route runs. No tool or agent can have such a name: pages answer their not-found page, the API
 * a problem details 404.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (isDecodable(pathname)) return NextResponse.next();
  if (pathname.startsWith('/api/')) {
    const problem = { type: 'about:blank', title: 'Not Found', status: 404, detail: 'The address is not valid percent-encoding, so it names nothing here' };
    return NextResponse.json(problem, { status: 404, headers: { 'content-type': 'application/problem+json' } });
  }
  const notFoundPage = pathname.startsWith('/agents/') ? '/agents/%25invalid-id' : '/tools/%25invalid-name';
  return NextResponse.rewrite(new URL(notFoundPage, request.url), { status: 404 });
}

function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export const config = { matcher: ['/tools/:name', '/agents/:id', '/api/v1/:path*'] };
