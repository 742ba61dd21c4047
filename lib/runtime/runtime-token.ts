import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { problemResponse } from '@/lib/http/problem';

/**
 * Checks `Authorization: Bearer <RUNTIME_TOKEN>` in constant time. Answers the refusal to
 * send (401 with `WWW-Authenticate: Bearer`, or 503 when no token is configured: the
 * endpoint is never open), or undefined when the caller may pass. The one place to switch to
 * API tokens with the `runtime` scope.
 */
export function checkRuntimeToken(request: Request, env: Readonly<Record<string, string | undefined>> = process.env): Response | undefined {
  const expected = env.RUNTIME_TOKEN?.trim();
  if (!expected) {
    return problemResponse({
      title: 'Service Unavailable',
      status: 503,
      detail: 'The runtime endpoint is off: set RUNTIME_TOKEN on the server to a secret and send it as "Authorization: Bearer <token>".',
    });
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  if (match && sameSecret(match[1] ?? '', expected)) return undefined;
  return problemResponse(
    {
      title: 'Unauthorized',
      status: 401,
      detail: match ? 'The bearer token is not the runtime token.' : 'Send the runtime token as "Authorization: Bearer <token>".',
    },
    { headers: { 'www-authenticate': match ? 'Bearer error="invalid_token"' : 'Bearer' } },
  );
}

// Hashing first gives both sides one length, so the comparison leaks neither length nor content.
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
