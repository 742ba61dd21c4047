import { CloneAgentBodySchema } from '@/lib/api/fleet-schemas';
import { cloneAgent } from '@/lib/agents';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';

export const dynamic = 'force-dynamic';

/** A new agent with a copy of this one's tools and settings: 201 with its Location. */
export const POST = apiRoute<{ id: string }>({ permission: 'agents:write' }, async (request, { id }, { actor, db }) => {
  const input = await readJsonBody(request, CloneAgentBodySchema);
  const cloned = await cloneAgent({ db, actor, sourceId: id, input });
  return jsonResponse(cloned, { status: 201, version: cloned.agent.version, location: `/api/v1/agents/${cloned.agent.id}` });
});

/** GET, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
