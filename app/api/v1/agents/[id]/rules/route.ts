import { CreateRuleBodySchema } from '@/lib/api/rule-schemas';
import { getDb } from '@/lib/db';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { getToolRegistry } from '@/lib/registry-host';
import { createRule, listRules } from '@/lib/rules/rule-store';

export const dynamic = 'force-dynamic';

type Params = { id: string };

/** The agent's group rules, each with the tools it gives now. */
export const GET = apiRoute<Params>({ permission: 'agents:read' }, async (_request, { id }, actor) => {
  return jsonResponse({ rules: await listRules({ db: await getDb(), actor, registry: await getToolRegistry(), agentId: id }) });
});

/** Gives the agent a whole group as a rule (`{ group, exclude }`): 201 with Location and ETag. */
export const POST = apiRoute<Params>({ permission: 'agents:write' }, async (request, { id }, actor) => {
  const { group, exclude } = await readJsonBody(request, CreateRuleBodySchema);
  const rule = await createRule({ db: await getDb(), actor, registry: await getToolRegistry(), agentId: id, group, exclude });
  return jsonResponse(rule, { status: 201, version: rule.version, location: `/api/v1/agents/${id}/rules/${encodeURIComponent(group)}` });
});

/** PUT, PATCH, DELETE: 405 with `Allow`. */
export const { PUT, PATCH, DELETE } = otherMethods(['GET', 'POST']);
