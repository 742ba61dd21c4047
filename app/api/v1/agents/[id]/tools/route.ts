import { listAssignments } from '@/lib/assignments';
import { apiRoute } from '@/lib/http/api-route';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { listRules } from '@/lib/rules/rule-store';

export const dynamic = 'force-dynamic';

/**
 * Every tool assigned to the agent, each with its status against the current catalogue, and its
 * group rules with the tools each gives now; every tool is marked with its origin.
 */
export const GET = apiRoute<{ id: string }>({ permission: 'agents:read' }, async (_request, { id }, { actor, db, registry }) => {
  const assignments = await listAssignments({ db, actor, registry, agentId: id });
  const rules = await listRules({ db, actor, registry, agentId: id });
  return jsonResponse({ assignments: assignments.map((assignment) => ({ ...assignment, origin: 'assignment' as const })), rules });
});

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
