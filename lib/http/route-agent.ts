import 'server-only';

const AGENT_ROUTE = /^\/api\/v1\/agents\/[^/]+(?:\/|$)/;

/**
 * The agent a `/api/v1/agents/{id}/…` route acts on (its `id` parameter), or undefined for any
 * other route. Read from the route's parameters, which Next.js has already decoded (and leaves
 * undefined on a route without any).
 */
export function agentOfRoute(request: Request, params: Readonly<Record<string, string | string[]>> | undefined): string | undefined {
  const id = params?.id;
  if (typeof id !== 'string') return undefined;
  return AGENT_ROUTE.test(new URL(request.url).pathname) ? id : undefined;
}
