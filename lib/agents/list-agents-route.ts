import 'server-only';
import { AgentListQuerySchema } from '@/lib/api/agent-schemas';
import { getDb } from '@/lib/db/get-db';
import { apiRoute } from '@/lib/http/api-route';
import { readQuery } from '@/lib/http/query';
import { jsonResponse } from '@/lib/http/responses';
import { getToolRegistry } from '@/lib/registry-host';
import { pageAgents } from './list-agents';

/**
 * `GET /api/v1/agents`: the agents with their status counts, optionally only those matching
 * `?search=` and `?status=`, one page with `?limit=&offset=`. Next serves it from
 * app/api/v1/agents/route.ts; the front door calls the very same function past Next's router
 * (scripts/front-door/fast-routes.mjs, registered in instrumentation-node.ts): the agents list
 * asks it at every keystroke of its search, and Next's routing cost as much as the search.
 */
export const listAgentsRoute = apiRoute({ permission: 'agents:read' }, async (request, _params, actor) => {
  const { search, status, limit, offset } = readQuery(request, AgentListQuerySchema);
  return jsonResponse(await pageAgents({ db: await getDb(), actor, registry: await getToolRegistry(), search, status, limit, offset }));
});
