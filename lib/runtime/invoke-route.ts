import 'server-only';
import { apiRoute } from '@/lib/http/api-route';
import { invokeResponse } from './invoke-response';

/**
 * `POST /api/v1/agents/{id}/tools/{toolName}/invoke`: the route's handler. Next serves it from
 * app/…/invoke/route.ts; the front door calls the very same function past Next's router
 * (scripts/front-door/fast-routes.mjs, registered in instrumentation-node.ts).
 */
export const invokeRoute = apiRoute<{ id: string; toolName: string }>({ permission: 'runtime' }, (request, { id, toolName }, actor) =>
  invokeResponse(request, id, toolName, actor),
);
