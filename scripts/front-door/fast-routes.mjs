// The registry of routes the front door answers past Next's router: the one hot call of the
// runtime, POST /api/v1/agents/{id}/tools/{toolName}/invoke, the admin's most frequent write,
// PUT /api/v1/agents/{id}/tools/{toolName} (an assignment's settings), and the agents list's
// search at each keystroke, GET /api/v1/agents. The route's own handler (the
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
/** PUT of one assignment's settings, the admin's most frequent write (`putAssignment`). */
const ASSIGNMENT_PATH = /^\/api\/v1\/agents\/([A-Za-z0-9_.~-]+)\/tools\/([A-Za-z0-9_.~-]+)$/;

/**
 * Called by the app once it has started: the invoke route's POST handler, and (`invokeBuffered`)
 * the same route for a body already read, which answers JSON without web Request and Response;
 * likewise the assignment PUT (`putAssignment`, `putAssignmentBuffered`) and the agents list.
 */
export function registerFastRoutes(routes) {
  globalThis[KEY] = routes;
}

/** The registered handler and its route parameters for this request, or undefined when Next must answer. */
export function fastRouteOf(method, pathname) {
  if (method === 'PUT') return assignmentRouteOf(pathname);
  if (method === 'GET') return pathname === '/api/v1/agents' && globalThis[KEY]?.agentsList ? { handler: globalThis[KEY].agentsList, params: {} } : undefined;
  if (method !== 'POST') return undefined;
  const routes = globalThis[KEY];
  if (!routes?.invoke) return undefined;
  const match = INVOKE_PATH.exec(pathname);
  if (!match?.[1] || !match[2] || /^\.{1,2}$/.test(match[1]) || /^\.{1,2}$/.test(match[2])) return undefined;
  return { handler: routes.invoke, buffered: routes.invokeBuffered, params: { id: match[1], toolName: match[2] } };
}

function assignmentRouteOf(pathname) {
  const putAssignment = globalThis[KEY]?.putAssignment;
  if (!putAssignment) return undefined;
  const match = ASSIGNMENT_PATH.exec(pathname);
  if (!match?.[1] || !match[2] || /^\.{1,2}$/.test(match[1]) || /^\.{1,2}$/.test(match[2])) return undefined;
  return { handler: putAssignment, buffered: globalThis[KEY].putAssignmentBuffered, params: { id: match[1], toolName: match[2] } };
}
