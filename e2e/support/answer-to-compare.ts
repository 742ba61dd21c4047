import type { NextServer } from './next-server';

/** One answer as the fast-path specs compare it: status, headers that do not vary per answer, body. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  requestId: string;
}

/** Headers that differ between any two answers (when, which request, the connection). */
const PER_ANSWER = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);

/**
 * Sends one request and reads its answer for comparison with another: uncompressed unless the
 * headers ask (fetch would ask for gzip on its own, and decodes it; the header still says how it came).
 */
export async function answerTo(server: NextServer, method: string, path: string, init: { headers?: Record<string, string>; body?: string }): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, { method, headers: { 'accept-encoding': 'identity', ...init.headers }, body: init.body });
  const body = await response.text();
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) if (!PER_ANSWER.has(name)) headers[name] = value;
  return { status: response.status, headers, body, requestId: response.headers.get('x-request-id') ?? '' };
}
