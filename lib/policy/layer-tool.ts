import type { ToolAnnotations } from '@/registry';
import type { CallPolicy, PolicyLayer, PolicySource } from './tool-policy';

/** A value with the layer it comes from. */
export interface Sourced<T> {
  value: T;
  source: PolicySource;
}

/** What the tool says of itself, before any layer. */
export interface ToolOwnWords {
  toolName: string;
  description: string;
  parametersSchema: Record<string, unknown>;
  annotations?: ToolAnnotations;
}

/** One tool as the model is told of it, each value with its source, and how its calls pass. */
export interface LayeredTool {
  toolName: string;
  name: Sourced<string>;
  description: Sourced<string>;
  /** Every top-level parameter with the description the model reads (null: none at all). */
  parameters: { name: string; description: Sourced<string | null> }[];
  /** The parameters schema with the overridden descriptions in place. */
  parametersSchema: Record<string, unknown>;
  callPolicy: Sourced<CallPolicy>;
  /** Changes whenever either layer is saved: an approval is bound to it. */
  policyVersion: string;
}

/**
 * Lays the group default, then the agent's own settings, over what the tool says of itself:
 * the highest layer that sets a value wins. A tool whose MCP annotations say it destroys
 * (`destructiveHint: true`, or `readOnlyHint: false` with `openWorldHint: true`) is `ask` unless a layer says otherwise.
 */
export function layerTool(tool: ToolOwnWords, group: PolicyLayer | undefined, agent: PolicyLayer | undefined): LayeredTool {
  const pick = <T>(own: Sourced<T>, read: (layer: PolicyLayer) => T | null | undefined): Sourced<T> => {
    const fromAgent = agent ? read(agent) : undefined;
    if (fromAgent !== null && fromAgent !== undefined) return { value: fromAgent, source: 'agent' };
    const fromGroup = group ? read(group) : undefined;
    if (fromGroup !== null && fromGroup !== undefined) return { value: fromGroup, source: 'group' };
    return own;
  };
  const properties = propertiesOf(tool.parametersSchema);
  const parameters = Object.entries(properties).map(([name, schema]) => {
    const own = typeof schema.description === 'string' && schema.description.trim() !== '' ? schema.description : null;
    return { name, description: pick<string | null>({ value: own, source: 'tool' }, (layer) => layer.parameterDescriptions[name]) };
  });
  return {
    toolName: tool.toolName,
    name: pick({ value: tool.toolName, source: 'tool' }, (layer) => layer.displayName),
    description: pick({ value: tool.description, source: 'tool' }, (layer) => layer.description),
    parameters,
    parametersSchema: withDescriptions(tool.parametersSchema, parameters),
    callPolicy: callPolicyOf(tool.annotations, group, agent),
    policyVersion: policyVersionOf(group, agent),
  };
}

/** The call policy alone (the hot path of a call needs no texts): the agent's, else the group default, else the annotations'. */
export function callPolicyOf(annotations: ToolAnnotations | undefined, group: PolicyLayer | undefined, agent: PolicyLayer | undefined): Sourced<CallPolicy> {
  if (agent?.callPolicy) return { value: agent.callPolicy, source: 'agent' };
  if (group?.callPolicy) return { value: group.callPolicy, source: 'group' };
  return defaultCallPolicy(annotations);
}

/**
 * The annotations a tool's default call policy is read from while its provider's change of the
 * tool waits for an editor (lib/drift): the approved ones (`null`: the approved face had none;
 * `undefined`: nothing was approved, so the current ones), so a change cannot loosen the policy
 * before it is accepted. But when the current ones ask for a person and the approved ones do not,
 * the current ones: a tool that now says it destroys is not let through on its older words.
 */
export function policyAnnotations(approved: ToolAnnotations | null | undefined, current: ToolAnnotations | undefined): ToolAnnotations | undefined {
  if (approved === undefined) return current;
  const kept = approved ?? undefined;
  return defaultCallPolicy(current).value === 'ask' && defaultCallPolicy(kept).value !== 'ask' ? current : kept;
}

/** Changes with every save of either layer (a layer deleted and made anew has a new time). */
export function policyVersionOf(group: PolicyLayer | undefined, agent: PolicyLayer | undefined): string {
  return `g${group ? `${group.version}@${group.updatedAt}` : 0}.a${agent ? `${agent.version}@${agent.updatedAt}` : 0}`;
}

/** `ask` for a tool its annotations call destructive, else `allow`. */
export function defaultCallPolicy(annotations: ToolAnnotations | undefined): Sourced<CallPolicy> {
  const isDestructive = annotations?.destructiveHint === true || (annotations?.readOnlyHint === false && annotations.openWorldHint === true);
  return isDestructive ? { value: 'ask', source: 'annotations' } : { value: 'allow', source: 'tool' };
}

/** The top-level properties of a parameters schema that are schemas themselves. */
export function propertiesOf(schema: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return {};
  return Object.fromEntries(
    Object.entries(properties as Record<string, unknown>).filter((entry): entry is [string, Record<string, unknown>] => typeof entry[1] === 'object' && entry[1] !== null && !Array.isArray(entry[1])),
  );
}

/** The schema with each overridden parameter's description replaced; the rest shared, not copied. */
function withDescriptions(schema: Record<string, unknown>, parameters: LayeredTool['parameters']): Record<string, unknown> {
  const overridden = parameters.filter((parameter) => parameter.description.source === 'agent' || parameter.description.source === 'group');
  if (overridden.length === 0) return schema;
  const properties = { ...(schema.properties as Record<string, Record<string, unknown>>) };
  for (const { name, description } of overridden) properties[name] = { ...properties[name], description: description.value };
  return { ...schema, properties };
}
