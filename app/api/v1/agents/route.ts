import { AgentListQuerySchema, CreateAgentBodySchema } from '@/lib/api/agent-schemas';
import { createAgent } from '@/lib/agents';
import { pageAgents } from '@/lib/agents/list-agents';
import { apiRoute } from '@/lib/http/api-route';
import { readQuery } from '@/lib/http/query';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** The agents with their status counts, optionally only those matching `?search=` and `?status=`, one page with `?limit=&offset=`. */
export const GET = apiRoute({ permission: 'agents:read' }, async (request, _params, { actor, db, registry }) => {
  const { search, status, limit, offset } = readQuery(request, AgentListQuerySchema);
  return jsonResponse(await pageAgents({ db, actor, registry, search, status, limit, offset }));
});

/** Creates an agent: 201 with its Location and ETag. */
export const POST = apiRoute({ permission: 'agents:write' }, async (request, _params, { actor, db }) => {
  const input = await readJsonBody(request, CreateAgentBodySchema);
  const agent = await createAgent({ db, actor, input });
  return jsonResponse(agent, { status: 201, version: agent.version, location: `/api/v1/agents/${agent.id}` });
});

/** PUT, PATCH, DELETE: 405 with `Allow`. */
export const { PUT, PATCH, DELETE } = otherMethods(['GET', 'POST']);
