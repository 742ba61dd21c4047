import 'server-only';
import { listAssignments } from '@/lib/assignments';
import type { AssignmentView } from '@/lib/assignments';
import type { Db } from '@/lib/db/schema';
import type { ToolRegistry } from '@/registry';
import type { EffectiveTool, EffectiveToolSet, LeftOutTool } from './effective-tool';

/** What `listEffectiveTools` needs. */
export interface ListEffectiveToolsOptions {
  db: Db;
  registry: ToolRegistry;
  agentId: string;
}

const METADATA_SESSION = 'effective-tools';

/**
 * Exactly what the agent's model receives: every assigned tool that is available and whose
 * overrides are valid, each built through the registry with the agent's overrides (a tool may
 * describe itself by its settings), in the assignments' order. The rest are `leftOut` with the
 * reason. AppError `not_found` naming the agent when there is none.
 */
export async function listEffectiveTools({ db, registry, agentId }: ListEffectiveToolsOptions): Promise<EffectiveToolSet> {
  const assignments = await listAssignments({ db, registry, agentId });
  const tools: EffectiveTool[] = [];
  const leftOut: LeftOutTool[] = [];
  for (const assignment of assignments) {
    const refused = leftOutOf(assignment);
    if (refused) {
      leftOut.push(refused);
      continue;
    }
    try {
      const tool = registry.resolve(
        { agentId, toolName: assignment.toolName, overrides: assignment.overrides },
        { agentId, sessionId: METADATA_SESSION, purpose: 'catalogue' },
      );
      tools.push({
        name: tool.name(),
        description: tool.description(),
        parametersSchema: tool.parametersSchema(),
        group: assignment.group ?? '',
        streamsResultToUser: tool.streamsResultToUser?.() ?? false,
      });
    } catch (error) {
      leftOut.push({ toolName: assignment.toolName, status: 'unavailable', reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return { tools, leftOut };
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
