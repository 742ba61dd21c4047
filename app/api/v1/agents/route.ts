import { CreateAgentBodySchema } from '@/lib/api/agent-schemas';
import { createAgent } from '@/lib/agents';
import { listAgentsRoute } from '@/lib/agents/list-agents-route';
import { getDb } from '@/lib/db';
import { apiRoute } from '@/lib/http/api-route';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** The agents with their status counts, optionally only those matching `?search=` and `?status=`, one page with `?limit=&offset=`; the front door answers it past Next's router too. */
export const GET = listAgentsRoute;

/** Creates an agent: 201 with its Location and ETag. */
export const POST = apiRoute({ permission: 'agents:write' }, async (request, _params, actor) => {
  const input = await readJsonBody(request, CreateAgentBodySchema);
  const agent = await createAgent({ db: await getDb(), actor, input });
  return jsonResponse(agent, { status: 201, version: agent.version, location: `/api/v1/agents/${agent.id}` });
});

/** PUT, PATCH, DELETE: 405 with `Allow`. */
export const { PUT, PATCH, DELETE } = otherMethods(['GET', 'POST']);
