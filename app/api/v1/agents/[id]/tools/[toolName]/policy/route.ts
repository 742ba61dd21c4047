import { PutPolicyBodySchema } from '@/lib/api/policy-schemas';
import { apiRoute } from '@/lib/http/api-route';
import { expectedVersionFrom } from '@/lib/http/etag';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { putAgentPolicy } from '@/lib/policy/put-agent-policy';
import { readToolPolicy } from '@/lib/policy/read-tool-policy';

export const dynamic = 'force-dynamic';

type Params = { id: string; toolName: string };

/** The tool's policy for the agent: its layer, the group default and the result, each value with its source. */
export const GET = apiRoute<Params>({ permission: 'agents:read' }, async (_request, { id, toolName }, { actor, db, registry }) => {
  const policy = await readToolPolicy({ db, registry, actor, agentId: id, toolName });
  return jsonResponse(policy, { version: policy.version });
});

/** Sets the agent's layer (If-Match once it exists). */
export const PUT = apiRoute<Params>({ permission: 'agents:write' }, async (request, { id, toolName }, { actor, db, registry }) => {
  const input = await readJsonBody(request, PutPolicyBodySchema);
  const expectedVersion = await expectedVersionFrom(request, () => readToolPolicy({ db, registry, actor, agentId: id, toolName }));
  const policy = await putAgentPolicy({ db, registry, actor, agentId: id, toolName, input, expectedVersion });
  return jsonResponse(policy, { version: policy.version });
});

export const { POST, PATCH, DELETE } = otherMethods(['GET', 'PUT']);
