import { NextResponse, type NextRequest } from 'next/server';
import { PAGE_PATH_HEADER } from '@/lib/http/page-path';

/**
 * An address whose dynamic segment is not valid percent-encoding (`/tools/%`, `/agents/%ZZ`,
 * `/api/v1/tools/%E0%A4%A`) makes Next's own router fail with a bare 500 before any page or
 * route runs. No tool or agent can have such a name: pages answer their not-found page, the API
 * a problem details 404.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (isDecodable(pathname)) {
    if (pathname.startsWith('/api/')) return NextResponse.next();
    // A page learns its own address, so a signed-out visit can send the sign-in back to it.
    const headers = new Headers(request.headers);
    headers.set(PAGE_PATH_HEADER, `${pathname}${search}`);
    return NextResponse.next({ request: { headers } });
  }
  if (pathname.startsWith('/api/')) {
    const problem = { type: 'about:blank', title: 'Not Found', status: 404, detail: 'The address is not valid percent-encoding, so it names nothing here' };
    return NextResponse.json(problem, { status: 404, headers: { 'content-type': 'application/problem+json' } });
  }
  if (!pathname.startsWith('/agents/') && !pathname.startsWith('/tools/')) return NextResponse.next();
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

/**
 * Only requests without a body pass through the proxy: for one with a body, Next would read
 * and buffer all of it (up to 10 MB) before any route could refuse it as too large. The front
 * door (scripts/front-door/) does the Host, Origin and header work for every request. (Next
 * reads this object without running it, so it is spelt out.)
 */
export const config = {
  matcher: [
    { source: '/api/v1/:path*', missing: [{ type: 'header', key: 'content-length' }, { type: 'header', key: 'transfer-encoding' }] },
    // Every page (not Next's own files nor the API): the tool and agent pages' names are checked, each page learns its address.
    { source: '/((?!api/|_next/|icon\\.svg|favicon\\.ico).*)', missing: [{ type: 'header', key: 'content-length' }, { type: 'header', key: 'transfer-encoding' }] },
  ],
};
