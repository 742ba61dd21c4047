import { UpdateRuleBodySchema } from '@/lib/api/rule-schemas';
import { AppError } from '@/lib/app-error';
import { apiRoute } from '@/lib/http/api-route';
import { expectedVersionFrom } from '@/lib/http/etag';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { deleteRule, getRule, updateRule } from '@/lib/rules/rule-store';

export const dynamic = 'force-dynamic';

type Params = { id: string; group: string };

/** One rule with the tools it gives now; its version as ETag. */
export const GET = apiRoute<Params>({ permission: 'agents:read' }, async (_request, { id, group }, { actor, db, registry }) => {
  const rule = await getRule({ db, actor, registry, agentId: id, group });
  return jsonResponse(rule, { version: rule.version });
});

/** Replaces the rule's exclusions; needs If-Match. */
export const PUT = apiRoute<Params>({ permission: 'agents:write' }, async (request, { id, group }, { actor, db, registry }) => {
  const body = await readJsonBody(request, UpdateRuleBodySchema);
  if (body.group !== undefined && body.group !== group) {
    throw new AppError('invalid', 'A rule\'s group cannot change; delete it and add another', { errors: [{ pointer: '/group', message: `The group must stay "${group}"` }] });
  }
  const expectedVersion = await expectedVersionFrom(request, () => getRule({ db, actor, registry, agentId: id, group }));
  const rule = await updateRule({ db, actor, registry, agentId: id, group, exclude: body.exclude, expectedVersion });
  return jsonResponse(rule, { version: rule.version });
});

/** Removes the rule; needs If-Match. The agent's explicit assignments stay. */
export const DELETE = apiRoute<Params>({ permission: 'agents:write' }, async (request, { id, group }, { actor, db, registry }) => {
  const expectedVersion = await expectedVersionFrom(request, () => getRule({ db, actor, registry, agentId: id, group }));
  await deleteRule({ db, actor, agentId: id, group, expectedVersion });
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
});

/** POST, PATCH: 405 with `Allow`. */
export const { POST, PATCH } = otherMethods(['GET', 'PUT', 'DELETE']);
