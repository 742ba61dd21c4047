import 'server-only';
import { requireAgent } from './require-agent';
import { toAssignment, type AssignmentView } from '@/lib/assignments/assignment';
import { compareViews, viewAssignment } from '@/lib/assignments/assignment-view';
import { toolLookup, type ToolLookup } from '@/lib/assignments/tool-lookup';
import { can, type Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { describeTool, type ToolRegistry } from '@/registry';
import { readRules, ruleAssignment, ruleEntries } from '@/lib/rules/expand-rules';
import { layerTool } from '@/lib/policy/layer-tool';
import { annotationsFor, readPolicySnapshot } from '@/lib/policy/policy-snapshot';
import { approveFirstSeenFaces } from '@/lib/drift/first-seen-faces';
import { readUpstreamChanges } from '@/lib/drift/tool-approvals';
import type { EffectiveTool, EffectiveToolSet, LeftOutTool } from './effective-tool';

/** What `listEffectiveTools` needs. */
export interface ListEffectiveToolsOptions {
  db: Db;
  registry: ToolRegistry;
  /** Needs `runtime` (the runtime reads its tools) or `agents:read` (an admin looks). */
  actor: Actor;
  agentId: string;
}

const METADATA_SESSION = 'effective-tools';

/**
 * Exactly what the agent's model receives: every assigned tool that is available and whose
 * overrides are valid, each built through the registry with the agent's overrides (a tool may
 * describe itself by its settings), in the assignments' order. The rest are `leftOut` with the
 * reason. Names, descriptions and parameter descriptions are the policy layers' where set
 * (lib/policy). AppError `forbidden` with neither `runtime` nor `agents:read`; `not_found` naming the agent.
 */
export async function listEffectiveTools({ db, registry, actor, agentId }: ListEffectiveToolsOptions): Promise<EffectiveToolSet> {
  if (!can(actor, 'runtime')) authorize(actor, 'agents:read');
  await requireAgent(db, agentId);
  const rows = await db.selectFrom('assignments').selectAll().where('agent_id', '=', agentId).execute();
  const lookup = toolLookup(registry);
  const explicit = rows.map((row) => viewAssignment(toAssignment(row), lookup));
  const assigned = new Set(rows.map((row) => row.tool_name));
  const assignments = [...explicit, ...(await ruleViews(db, registry, agentId, lookup, assigned))].sort(compareViews);
  // A tool whose face no approval holds yet (it was unavailable when assigned, a rule gives it) is approved as it is now.
  await approveFirstSeenFaces(db, registry, { agentId });
  const policies = await readPolicySnapshot(db, agentId);
  const upstream = await readUpstreamChanges(db, registry, agentId, assignments.map((view) => view.toolName));
  const tools: EffectiveTool[] = [];
  const leftOut: LeftOutTool[] = [];
  for (const assignment of assignments) {
    const refused = leftOutOf(assignment);
    if (refused) {
      leftOut.push(refused);
      continue;
    }
    const change = upstream.get(assignment.toolName);
    if (change && change.problems.length > 0) {
      leftOut.push({ toolName: assignment.toolName, status: 'invalid', reason: `Changed upstream: ${change.problems.join('; ')}. An editor must accept the change first` });
      continue;
    }
    try {
      const tool = registry.resolve(
        { agentId, toolName: assignment.toolName, overrides: assignment.overrides },
        { agentId, sessionId: METADATA_SESSION, purpose: 'catalogue' },
      );
      // Read as the catalogue reads it: the description cut at 16 KiB, the schema checked.
      const { description, parametersSchema, streamsResultToUser } = describeTool(tool);
      const { toolName } = assignment;
      // Until an editor accepts the provider's change, the model keeps the approved description and parameters.
      const served = change ? { description: change.approved.description, parametersSchema: change.approved.parametersSchema } : { description, parametersSchema };
      // What the model is told: those words under the group default and the agent's own (lib/policy).
      // Its default call policy is read from the approved annotations, unless the current ones ask for a person.
      const annotations = annotationsFor(policies, toolName, lookup(toolName)?.annotations);
      const shown = layerTool({ toolName, ...served, annotations }, policies.defaults.get(toolName), policies.agent.get(toolName));
      tools.push({
        name: shown.name.value,
        toolName,
        description: shown.description.value,
        parametersSchema: shown.parametersSchema,
        group: assignment.group ?? '',
        streamsResultToUser,
      });
    } catch (error) {
      leftOut.push({ toolName: assignment.toolName, status: 'unavailable', reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return { tools, leftOut };
}

/**
 * The tools the agent's group rules give it now, read from the catalogue as it stands: a tool
 * the agent has assigned itself is left to that assignment (its settings win). Each one has the
 * tool's defaults as its settings; a tool whose defaults do not pass is `invalid`.
 */
async function ruleViews(db: Db, registry: ToolRegistry, agentId: string, lookup: ToolLookup, assigned: ReadonlySet<string>): Promise<AssignmentView[]> {
  const rules = await readRules(db, agentId);
  if (rules.length === 0) return [];
  const catalogue = registry.catalogue();
  const known = registry.knownToolNames();
  const views: AssignmentView[] = [];
  for (const rule of rules) {
    for (const entry of ruleEntries(rule, catalogue, known)) {
      if (!assigned.has(entry.name)) views.push(viewAssignment(ruleAssignment(rule, entry), lookup));
    }
  }
  return views;
}

function leftOutOf(assignment: AssignmentView): LeftOutTool | undefined {
  const { toolName, status } = assignment;
  if (status === 'missing') return { toolName, status, reason: 'No plugin provides this tool any more' };
  if (status === 'invalid') {
    return { toolName, status, reason: 'Its saved settings do not fit the tool\'s settings schema', errors: assignment.errors ?? [] };
  }
  if (status === 'unavailable') return { toolName, status, reason: assignment.unavailableReason ?? 'The tool is unavailable' };
  return undefined;
}
