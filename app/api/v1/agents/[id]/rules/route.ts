import { CreateRuleBodySchema } from '@/lib/api/rule-schemas';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { createRule, listRules } from '@/lib/rules/rule-store';

export const dynamic = 'force-dynamic';

type Params = { id: string };

/** The agent's group rules, each with the tools it gives now. */
export const GET = apiRoute<Params>({ permission: 'agents:read' }, async (_request, { id }, { actor, db, registry }) => {
  return jsonResponse({ rules: await listRules({ db, actor, registry, agentId: id }) });
});

/** Gives the agent a whole group as a rule (`{ group, exclude }`): 201 with Location and ETag. */
export const POST = apiRoute<Params>({ permission: 'agents:write' }, async (request, { id }, { actor, db, registry }) => {
  const { group, exclude } = await readJsonBody(request, CreateRuleBodySchema);
  const rule = await createRule({ db, actor, registry, agentId: id, group, exclude });
  return jsonResponse(rule, { status: 201, version: rule.version, location: `/api/v1/agents/${id}/rules/${encodeURIComponent(group)}` });
});

/** PUT, PATCH, DELETE: 405 with `Allow`. */
export const { PUT, PATCH, DELETE } = otherMethods(['GET', 'POST']);
