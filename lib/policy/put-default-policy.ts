import 'server-only';
import { AppError, type FieldError } from '@/lib/app-error';
import { singleToolLookup } from '@/lib/assignments/tool-lookup';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { checkVersion } from '@/lib/check-version';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { publishChange } from '@/lib/events';
import { layerTool, type LayeredTool } from './layer-tool';
import { policyInputErrors, type PolicyInput } from './policy-input';
import { defaultNameCollisions, saveDefaultPolicyRow } from './policy-rows';
import { toDefaultLayer, type DefaultPolicyLayer } from './tool-policy';
import type { ToolRegistry } from '@/registry';

/** A tool's group default: the layer every agent given the tool inherits. */
export interface DefaultPolicyView {
  toolName: string;
  group: string;
  /** 0 before the first save: the ETag. */
  version: number;
  layer: DefaultPolicyLayer | null;
  /** What an agent without its own layer shows, each value with its source. */
  effective: LayeredTool;
}

/** What the group default functions need. */
export interface DefaultPolicyOptions {
  db: Db;
  registry: ToolRegistry;
  actor: Actor;
  toolName: string;
}

/** A tool's group default. AppError `forbidden` without `catalogue:read`; `not_found` for a tool the catalogue does not know. */
export async function readDefaultPolicy({ db, registry, actor, toolName }: DefaultPolicyOptions): Promise<DefaultPolicyView> {
  authorize(actor, 'catalogue:read');
  const entry = singleToolLookup(registry)(toolName);
  if (!entry) throw new AppError('not_found', `No tool named "${toolName}" is known`);
  const row = await db.selectFrom('tool_policy_defaults').selectAll().where('tool_name', '=', toolName).executeTakeFirst();
  const layer = row ? toDefaultLayer(row) : null;
  const effective = layerTool({ toolName, description: entry.description, parametersSchema: entry.parametersSchema, annotations: entry.annotations }, layer ?? undefined, undefined);
  return { toolName, group: entry.group, version: layer?.version ?? 0, layer, effective };
}

/**
 * Sets a tool's group default for every agent, checked in this order: `policy:defaults` (admins
 * only: it loosens or tightens every agent at once; `forbidden`); the tool is known (`not_found`);
 * the input (`invalid`: a name a format refuses, a parameter the tool lacks, a name another tool
 * has, or another tool's group default or an agent's layer shows); the version. Audited as `policy-default.put`.
 */
export async function putDefaultPolicy({ db, registry, actor, toolName, input, expectedVersion }: DefaultPolicyOptions & { input: PolicyInput; expectedVersion?: number }): Promise<DefaultPolicyView> {
  authorize(actor, 'policy:defaults');
  const entry = singleToolLookup(registry)(toolName);
  if (!entry) throw new AppError('not_found', `No tool named "${toolName}" is known`);
  await inTransaction(db, async (trx) => {
    const errors = [...policyInputErrors(input, entry), ...(await defaultCollisions(trx, registry, toolName, input.displayName))];
    if (errors.length > 0) throw new AppError('invalid', `The group default for "${toolName}" cannot be saved`, { errors });
    const existing = await trx.selectFrom('tool_policy_defaults').selectAll().where('tool_name', '=', toolName).executeTakeFirst();
    const subject = `The group default of "${toolName}"`;
    if (existing) checkVersion(subject, existing.version, expectedVersion, () => toDefaultLayer(existing));
    else if (expectedVersion !== undefined && expectedVersion !== 0) {
      throw new AppError('precondition_failed', `${subject} does not exist (any more), so version ${expectedVersion} cannot be current`);
    }
    await saveDefaultPolicyRow(trx, { actor, toolName, group: entry.group, input, existing });
  });
  await publishChange({ kind: 'tool-defaults' });
  return readDefaultPolicy({ db, registry, actor, toolName });
}

/** A default display name that is another tool's name, or that another layer already shows for another tool. */
async function defaultCollisions(db: Db, registry: ToolRegistry, toolName: string, displayName: string | null): Promise<FieldError[]> {
  if (displayName === null) return [];
  const defaults = await db.selectFrom('tool_policy_defaults').select(['tool_name', 'display_name']).where('display_name', '=', displayName).execute();
  const agents = await db.selectFrom('agent_tool_policies').select(['agent_id', 'tool_name', 'display_name']).where('display_name', '=', displayName).execute();
  return defaultNameCollisions(toolName, displayName, {
    knownToolNames: registry.knownToolNames(),
    defaults: defaults.map((row) => ({ toolName: row.tool_name, displayName: row.display_name })),
    agentLayers: agents.map((row) => ({ agentId: row.agent_id, toolName: row.tool_name, displayName: row.display_name })),
  });
}
