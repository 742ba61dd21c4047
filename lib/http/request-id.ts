/** The id the front door gives each request; it comes back as `X-Request-Id` and in every problem. */
export function requestIdOf(request: Request): string | undefined {
  return request.headers.get('x-request-id') ?? undefined;
}
