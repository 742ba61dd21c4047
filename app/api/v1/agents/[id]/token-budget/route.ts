import { PutTokenBudgetBodySchema } from '@/lib/api/policy-schemas';
import { apiRoute } from '@/lib/http/api-route';
import { expectedVersionFrom } from '@/lib/http/etag';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { putTokenBudget, readTokenBudget } from '@/lib/policy/token-budget';

export const dynamic = 'force-dynamic';

/** The token budget of the agent's tool definitions. */
export const GET = apiRoute<{ id: string }>({ permission: 'agents:read' }, async (_request, { id }, { actor, db }) => {
  const budget = await readTokenBudget({ db, actor, agentId: id });
  return jsonResponse(budget, { version: budget.version });
});

/** Sets it (null: back to the default); If-Match once set. */
export const PUT = apiRoute<{ id: string }>({ permission: 'agents:write' }, async (request, { id }, { actor, db }) => {
  const { tokens } = await readJsonBody(request, PutTokenBudgetBodySchema);
  const expectedVersion = await expectedVersionFrom(request, () => readTokenBudget({ db, actor, agentId: id }));
  const budget = await putTokenBudget({ db, actor, agentId: id, tokens, expectedVersion });
  return jsonResponse(budget, { version: budget.version });
});

export const { POST, PATCH, DELETE } = otherMethods(['GET', 'PUT']);
