import 'server-only';
import { AppError } from '@/lib/app-error';
import { singleToolLookup } from '@/lib/assignments/tool-lookup';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { requireAgent } from '@/lib/runtime/require-agent';
import type { ToolRegistry } from '@/registry';
import { givenToolNames } from './given-tools';
import { layerTool, type LayeredTool } from './layer-tool';
import { annotationsFor, readPolicySnapshot } from './policy-snapshot';
import type { DefaultPolicyLayer, PolicyLayer } from './tool-policy';

/** One tool's policy for one agent: each layer as stored, and what results, each value with its source. */
export interface ToolPolicyView {
  agentId: string;
  toolName: string;
  /** The agent's layer's version (0 before its first save): the ETag. */
  version: number;
  /** The agent's own layer, or null when none was saved. */
  agent: PolicyLayer | null;
  /** The group default (every agent's), or null. */
  group: DefaultPolicyLayer | null;
  /** What the model is told and how calls pass, from the catalogue's words of the tool. */
  effective: LayeredTool;
}

/** What `readToolPolicy` needs. */
export interface ReadToolPolicyOptions {
  db: Db;
  registry: ToolRegistry;
  actor: Actor;
  agentId: string;
  toolName: string;
}

/** The agent's policy of one tool. AppError `forbidden` without `agents:read`; `not_found` for the agent, or a tool not given to it. */
export async function readToolPolicy({ db, registry, actor, agentId, toolName }: ReadToolPolicyOptions): Promise<ToolPolicyView> {
  authorize(actor, 'agents:read');
  await requireAgent(db, agentId);
  if (!(await givenToolNames(db, registry, agentId)).has(toolName)) throw new AppError('not_found', `Agent "${agentId}" has no tool "${toolName}" assigned`);
  const snapshot = await readPolicySnapshot(db, agentId);
  const entry = singleToolLookup(registry)(toolName);
  const agent = snapshot.agent.get(toolName) ?? null;
  const group = snapshot.defaults.get(toolName) ?? null;
  // A tool the agent has assigned itself: its default call policy follows the approved face's annotations (lib/drift).
  const effective = layerTool(
    { toolName, description: entry?.description ?? '', parametersSchema: entry?.parametersSchema ?? {}, annotations: annotationsFor(snapshot, toolName, entry?.annotations) },
    group ?? undefined,
    agent ?? undefined,
  );
  return { agentId, toolName, version: agent?.version ?? 0, agent, group, effective };
}
