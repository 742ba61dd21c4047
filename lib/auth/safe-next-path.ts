/** Where a sign-in goes when the page asked for is missing or not one of this app's own. */
export const DEFAULT_NEXT_PATH = '/';

const LOCAL_BASE = 'http://tools-admin.invalid';

/**
 * The page a sign-in returns to: `next` when it is a path of this app (`/audit?action=x`), else
 * `/`. Refused: absolute and scheme-relative URLs (`https://evil`, `//evil`, `/\evil`: browsers
 * read a backslash as a slash), control characters and spaces (browsers drop tabs and newlines, so
 * `/\t/evil` would become `//evil`), API routes, the sign-in page itself and anything over 2,000
 * characters. What is kept is the path as the URL parser reads it, so it cannot name another origin.
 */
export function safeNextPath(next: unknown): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2000) return DEFAULT_NEXT_PATH;
  if (!next.startsWith('/') || next.startsWith('//') || /[\\\u0000-\u0020\u007f]/.test(next)) return DEFAULT_NEXT_PATH;
  let url: URL;
  try {
    url = new URL(next, LOCAL_BASE);
  } catch {
    return DEFAULT_NEXT_PATH;
  }
  if (url.origin !== LOCAL_BASE) return DEFAULT_NEXT_PATH;
  if (url.pathname === '/sign-in' || url.pathname.startsWith('/api/') || url.pathname.startsWith('//')) return DEFAULT_NEXT_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page's address that returns to `path` afterwards (just `/sign-in` for the home page). */
export function signInPathFor(path: string): string {
  const next = safeNextPath(path);
  return next === DEFAULT_NEXT_PATH ? '/sign-in' : `/sign-in?${new URLSearchParams({ next })}`;
}
