import 'server-only';
import { AppError, type FieldError } from '@/lib/app-error';
import { singleToolLookup } from '@/lib/assignments/tool-lookup';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { toolPolicyTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import { checkVersion } from '@/lib/check-version';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { publishChange } from '@/lib/events';
import { layerTool, type LayeredTool } from './layer-tool';
import { policyInputErrors, type PolicyInput } from './policy-input';
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
    const now = new Date().toISOString();
    const values = {
      group_name: entry.group,
      display_name: input.displayName,
      description: input.description,
      parameter_descriptions: JSON.stringify(input.parameterDescriptions),
      call_policy: input.callPolicy,
      updated_at: now,
    };
    const saved = existing
      ? await trx.updateTable('tool_policy_defaults').set({ ...values, version: existing.version + 1 }).where('tool_name', '=', toolName).returningAll().executeTakeFirstOrThrow()
      : await trx.insertInto('tool_policy_defaults').values({ ...values, tool_name: toolName, version: 1, created_at: now }).returningAll().executeTakeFirstOrThrow();
    await recordAuditEvent(trx, { actor, action: 'policy-default.put', target: toolPolicyTarget(toolName), before: existing ? toDefaultLayer(existing) : null, after: toDefaultLayer(saved) });
  });
  await publishChange({ kind: 'tool-defaults' });
  return readDefaultPolicy({ db, registry, actor, toolName });
}

/** A default display name that is another tool's name, or that another layer already shows for another tool. */
async function defaultCollisions(db: Db, registry: ToolRegistry, toolName: string, displayName: string | null): Promise<FieldError[]> {
  if (displayName === null || displayName === toolName) return [];
  const clash = (message: string): FieldError[] => [{ pointer: '/displayName', message }];
  if (registry.knownToolNames().has(displayName)) return clash(`"${displayName}" is the name of another tool: an agent given both could not tell them apart`);
  const other = await db.selectFrom('tool_policy_defaults').select('tool_name').where('display_name', '=', displayName).where('tool_name', '!=', toolName).executeTakeFirst();
  if (other) return clash(`"${displayName}" is already the group default name of "${other.tool_name}"`);
  const agent = await db.selectFrom('agent_tool_policies').select(['agent_id', 'tool_name']).where('display_name', '=', displayName).where('tool_name', '!=', toolName).executeTakeFirst();
  if (agent) return clash(`"${displayName}" is already the name agent "${agent.agent_id}" shows for "${agent.tool_name}"`);
  return [];
}
