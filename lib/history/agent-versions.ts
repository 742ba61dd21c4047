import 'server-only';
import { getAgent } from '@/lib/agents/get-agent';
import { toolLookup } from '@/lib/assignments/tool-lookup';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { ruleGroups } from '@/lib/rules/rule';
import { redactArguments } from '@/lib/runtime/redact-arguments';
import type { ToolRegistry } from '@/registry';
import type { AgentSnapshot } from './agent-snapshot';
import { agentHistoryKind, readAgentHistory, type AgentVersionRecord } from './read-agent-history';
import { versionOf, versionSummary, type VersionSummary } from './read-history';

/** One version in the list: who changed what, when; `actor` and `actorName` only for readers of the audit log. */
export type AgentVersionSummary = VersionSummary;

/** One version with what the agent was then, and what of it the registry no longer knows. */
export type AgentVersion = AgentVersionSummary & {
  agent: AgentSnapshot;
  /** Assigned tools no plugin or server offers now, and rule groups no plugin serves now: a restore keeps them, as `missing`. */
  missing: { tools: string[]; groups: string[] };
};

/** What the version functions need. */
export interface AgentVersionsOptions {
  db: Db;
  actor: Actor;
  id: string;
}

/**
 * The agent's versions, oldest first, and the current one (the newest; 0 when no change was
 * recorded). AppError `forbidden` without `agents:read`, `not_found` for the agent.
 */
export async function listAgentVersions({ db, actor, id }: AgentVersionsOptions): Promise<{ current: number; versions: AgentVersionSummary[] }> {
  await getAgent({ db, actor, id });
  const history = await readAgentHistory(db, id);
  return { current: history.length, versions: history.map((record) => summaryFor(actor, record)) };
}

/** One version of the agent; AppError `forbidden`, `not_found` for the agent or a version it does not have. */
export async function getAgentVersion({ db, actor, id, version, registry }: AgentVersionsOptions & { version: number; registry: ToolRegistry }): Promise<AgentVersion> {
  await getAgent({ db, actor, id });
  const record = versionOf(agentHistoryKind, id, await readAgentHistory(db, id), version);
  return { ...summaryFor(actor, record), agent: shownSnapshot(record.snapshot, registry), missing: missingParts(record.snapshot, registry) };
}

/** Every version with its content, oldest first, in one read of the history (the history page). Errors as {@link listAgentVersions}. */
export async function readAgentVersions({ db, actor, id, registry }: AgentVersionsOptions & { registry: ToolRegistry }): Promise<AgentVersion[]> {
  await getAgent({ db, actor, id });
  return (await readAgentHistory(db, id)).map((record) => ({ ...summaryFor(actor, record), agent: shownSnapshot(record.snapshot, registry), missing: missingParts(record.snapshot, registry) }));
}

/** A snapshot as answers show it: settings the tool's schema marks `format: password` or `writeOnly` read `[redacted]`. */
function shownSnapshot(snapshot: AgentSnapshot, registry: ToolRegistry): AgentSnapshot {
  const lookup = toolLookup(registry);
  const tools = Object.fromEntries(
    Object.entries(snapshot.tools).map(([name, overrides]) => [name, redactArguments(lookup(name)?.overridesSchema, overrides) as Record<string, unknown>]),
  );
  return { ...snapshot, tools };
}

/** The tools and rule groups of a snapshot that the registry does not know now. */
export function missingParts(snapshot: AgentSnapshot, registry: ToolRegistry): AgentVersion['missing'] {
  const lookup = toolLookup(registry);
  const groups = ruleGroups(registry);
  return {
    tools: Object.keys(snapshot.tools).filter((name) => lookup(name) === undefined),
    groups: Object.keys(snapshot.rules).filter((group) => !groups.has(group)),
  };
}

/** The version's summary for this actor; AppError `forbidden` without `agents:read`. */
function summaryFor(actor: Actor, record: AgentVersionRecord): AgentVersionSummary {
  authorize(actor, 'agents:read');
  return versionSummary(actor, record);
}
