import { NextResponse, type NextRequest } from 'next/server';

/**
 * A tool page address whose name is not valid percent-encoding (`/tools/%`, `/tools/%E0%A4%A`)
 * makes Next's own router fail with a bare 500 before any page runs; such a name can be no
 * tool's, so it is answered with the tool page's not-found instead.
 */
export function proxy(request: NextRequest) {
  const segment = request.nextUrl.pathname.slice('/tools/'.length);
  try {
    decodeURIComponent(segment);
    return NextResponse.next();
  } catch {
    return NextResponse.rewrite(new URL('/tools/%25invalid-name', request.url), { status: 404 });
  }
}

export const config = { matcher: '/tools/:name' };
