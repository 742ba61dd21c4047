import { UpdateAgentBodySchema } from '@/lib/api/agent-schemas';
import { deleteAgent, getAgent, updateAgent } from '@/lib/agents';
import { apiRoute } from '@/lib/http/api-route';
import { expectedVersionFrom } from '@/lib/http/etag';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

type Params = { id: string };

/** One agent, with its version as ETag. */
export const GET = apiRoute<Params>({ permission: 'agents:read' }, async (_request, { id }, { actor, db }) => {
  const agent = await getAgent({ db, actor, id });
  return jsonResponse(agent, { version: agent.version });
});

/** Changes an agent's name or description; needs If-Match. */
export const PATCH = apiRoute<Params>({ permission: 'agents:write' }, async (request, { id }, { actor, db }) => {
  const changes = await readJsonBody(request, UpdateAgentBodySchema);
  const expectedVersion = await expectedVersionFrom(request, () => getAgent({ db, actor, id }));
  const agent = await updateAgent({ db, actor, id, expectedVersion, changes });
  return jsonResponse(agent, { version: agent.version });
});

/** Deletes an agent and its assignments; needs If-Match. */
export const DELETE = apiRoute<Params>({ permission: 'agents:write' }, async (request, { id }, { actor, db }) => {
  const expectedVersion = await expectedVersionFrom(request, () => getAgent({ db, actor, id }));
  return jsonResponse(await deleteAgent({ db, actor, id, expectedVersion }));
});

/** POST, PUT: 405 with `Allow`. */
export const { POST, PUT } = otherMethods(['GET', 'PATCH', 'DELETE']);
