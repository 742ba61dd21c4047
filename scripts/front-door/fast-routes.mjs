// The registry of routes the front door answers past Next's router: today the one hot call of
// the runtime, POST /api/v1/agents/{id}/tools/{toolName}/invoke. The route's own handler (the
// same function app/.../invoke/route.ts exports: same auth, checks, audit and problem details)
// is put here by instrumentation-node.ts once the app has started; serve-fast.mjs answers with
// it. Until then, and for any other address or method, Next answers. Kept on globalThis: the app
// registers from its bundle, the front door reads from plain Node.
const KEY = Symbol.for('tools-admin.fast-routes');

/**
 * Only plain segments: anything percent-encoded (or odd) goes the long way, so Next's own
 * decoding and not-found handling stay the only ones.
 */
const INVOKE_PATH = /^\/api\/v1\/agents\/([A-Za-z0-9_.~-]+)\/tools\/([A-Za-z0-9_.~-]+)\/invoke$/;

/**
 * Called by the app once it has started: the invoke route's POST handler, and (`invokeBuffered`)
 * the same route for a body already read, which answers JSON without web Request and Response.
 */
export function registerFastRoutes(routes) {
  globalThis[KEY] = routes;
}

/** The registered handler and its route parameters for this request, or undefined when Next must answer. */
export function fastRouteOf(method, pathname) {
  if (method !== 'POST') return undefined;
  const routes = globalThis[KEY];
  if (!routes?.invoke) return undefined;
  const match = INVOKE_PATH.exec(pathname);
  if (!match?.[1] || !match[2] || /^\.{1,2}$/.test(match[1]) || /^\.{1,2}$/.test(match[2])) return undefined;
  return { handler: routes.invoke, buffered: routes.invokeBuffered, params: { id: match[1], toolName: match[2] } };
}
