import 'server-only';
import { CachedReads } from '@/lib/db/cached-reads';
import type { Db } from '@/lib/db/schema';
import { subscribeChanges } from '@/lib/events';
import { readApprovedAnnotations } from '@/lib/drift/tool-approvals';
import type { ToolAnnotations } from '@/registry';
import { policyAnnotations } from './layer-tool';
import { toAgentLayer, toDefaultLayer, type DefaultPolicyLayer, type PolicyLayer } from './tool-policy';

/** Every policy layer that bears on one agent's tools: the group defaults and the agent's own. */
export interface PolicySnapshot {
  agentId: string;
  defaults: ReadonlyMap<string, DefaultPolicyLayer>;
  agent: ReadonlyMap<string, PolicyLayer>;
  /** The annotations of each tool's approved face for the agent (lib/drift), by tool name; null: it had none. */
  approvedAnnotations: ReadonlyMap<string, ToolAnnotations | null>;
}

/** Reads the agent's policies and every group default (a small table: one row per tool an admin set). */
export async function readPolicySnapshot(db: Db, agentId: string): Promise<PolicySnapshot> {
  const [defaults, own, approvedAnnotations] = await Promise.all([
    db.selectFrom('tool_policy_defaults').selectAll().execute(),
    db.selectFrom('agent_tool_policies').selectAll().where('agent_id', '=', agentId).execute(),
    readApprovedAnnotations(db, agentId),
  ]);
  return {
    agentId,
    defaults: new Map(defaults.map((row) => [row.tool_name, toDefaultLayer(row)])),
    agent: new Map(own.map((row) => [row.tool_name, toAgentLayer(row)])),
    approvedAnnotations,
  };
}

/**
 * The annotations `toolName`'s default call policy is read from for the snapshot's agent: those of
 * its approved face (assigned or given by a group rule, lib/drift) unless the provider's current
 * ones ask for a person (`policyAnnotations`); the current ones while none is approved yet.
 */
export function annotationsFor(snapshot: PolicySnapshot, toolName: string, current: ToolAnnotations | undefined): ToolAnnotations | undefined {
  return policyAnnotations(snapshot.approvedAnnotations.get(toolName), current);
}

/** How long a snapshot read for a tool call is trusted; any change to any agent's tools or a default forgets them all at once. */
const SNAPSHOT_CACHE_MS = 3_000;
const EVERY_SNAPSHOT = '*';

const snapshots = new CachedReads<PolicySnapshot>({
  ttlMs: SNAPSHOT_CACHE_MS,
  ownerOf: () => EVERY_SNAPSHOT,
  onFirstUse: () =>
    subscribeChanges((event) => {
      if (event.kind === 'agent-tools' || event.kind === 'tool-defaults') snapshots.forget(EVERY_SNAPSHOT);
    }),
});

/** The agent's policy snapshot for a tool call: cached a few seconds, forgotten on any policy change (from any instance). */
export async function cachedPolicySnapshot(db: Db, agentId: string): Promise<PolicySnapshot> {
  return (await snapshots.read(db, agentId, () => readPolicySnapshot(db, agentId))) ?? readPolicySnapshot(db, agentId);
}

/**
 * The registry name behind `name` as the agent's model knows it: the tool the agent's layer, or
 * else the group default, shows under that name; otherwise `name` itself (the registry name stays
 * the key, so a caller may still name a renamed tool by it).
 */
export function toolNameOf(snapshot: PolicySnapshot, name: string): string {
  for (const [toolName, layer] of snapshot.agent) if (layer.displayName === name) return toolName;
  for (const [toolName, layer] of snapshot.defaults) {
    if (layer.displayName === name && !snapshot.agent.get(toolName)?.displayName) return toolName;
  }
  return name;
}
