import { AgentListQuerySchema, CreateAgentBodySchema } from '@/lib/api/agent-schemas';
import { createAgent, listAgents } from '@/lib/agents';
import { getDb } from '@/lib/db';
import { apiRoute } from '@/lib/http/api-route';
import { readQuery } from '@/lib/http/query';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { getToolRegistry } from '@/lib/registry-host';

export const dynamic = 'force-dynamic';

/** The agents with their status counts, optionally only those matching `?search=` and `?status=`. */
export const GET = apiRoute({ permission: 'agents:read' }, async (request, _params, actor) => {
  const { search, status } = readQuery(request, AgentListQuerySchema);
  return jsonResponse({ agents: await listAgents({ db: await getDb(), actor, registry: await getToolRegistry(), search, status }) });
});

/** Creates an agent: 201 with its Location and ETag. */
export const POST = apiRoute({ permission: 'agents:write' }, async (request, _params, actor) => {
  const input = await readJsonBody(request, CreateAgentBodySchema);
  const agent = await createAgent({ db: await getDb(), actor, input });
  return jsonResponse(agent, { status: 201, version: agent.version, location: `/api/v1/agents/${agent.id}` });
});

/** PUT, PATCH, DELETE: 405 with `Allow`. */
export const { PUT, PATCH, DELETE } = otherMethods(['GET', 'POST']);
