import 'server-only';
import type { Selectable } from 'kysely';
import type { Actor } from '@/lib/auth/actor';
import { agentTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import { toAssignment } from '@/lib/assignments/assignment';
import type { AgentsTable, Db } from '@/lib/db/schema';
import { toRule } from '@/lib/rules/rule';
import { toAgentLayer } from '@/lib/policy/tool-policy';
import { toAgent } from './agent';

/**
 * Deletes an agent's row with its assignments, group rules and tool policies, inside the caller's transaction
 * (`trx`, where the caller has read `current`), and records the one `agent.delete` event that
 * keeps all of them in `before`. Answers how many assignments went with it. The API's delete and
 * config apply's prune both delete an agent through it, so the two cannot drift apart.
 */
export async function deleteAgentRows(trx: Db, actor: Actor, current: Selectable<AgentsTable>): Promise<{ deletedAssignments: number }> {
  const id = current.id;
  const assignments = await trx.deleteFrom('assignments').where('agent_id', '=', id).returningAll().execute();
  const rules = await trx.deleteFrom('agent_rules').where('agent_id', '=', id).returningAll().execute();
  const policies = await trx.deleteFrom('agent_tool_policies').where('agent_id', '=', id).returningAll().execute();
  await trx.deleteFrom('agent_token_budgets').where('agent_id', '=', id).execute();
  // What was approved of its tools goes too: an agent made again with this id starts afresh.
  await trx.deleteFrom('approved_tools').where('agent_id', '=', id).execute();
  await trx.deleteFrom('agents').where('id', '=', id).execute();
  await recordAuditEvent(trx, {
    actor,
    action: 'agent.delete',
    target: agentTarget(id),
    before: { agent: toAgent(current), assignments: assignments.map(toAssignment), ...(rules.length > 0 ? { rules: rules.map(toRule) } : {}), ...(policies.length > 0 ? { policies: policies.map(toAgentLayer) } : {}) },
    after: null,
  });
  return { deletedAssignments: assignments.length };
}
