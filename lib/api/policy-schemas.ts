import { z } from 'zod';

const CallPolicySchema = z.enum(['allow', 'ask', 'deny']).meta({
  description: 'allow: the call runs; ask: each call is held until a person approves it (invoke answers 202); deny: every call is refused (403)',
});
const SourceSchema = z.enum(['tool', 'annotations', 'group', 'agent']).meta({
  description: 'Where the value comes from: the tool itself, its MCP annotations (call policy only), the group default, or the agent',
});

/** The body of a policy PUT: what one layer sets; null keeps the layer below. */
export const PutPolicyBodySchema = z.strictObject({
  displayName: z.string().nullable().default(null).meta({ description: 'The name the model sees (the registry name stays the key); checked against OpenAI, Anthropic and MCP name rules and for collisions' }),
  description: z.string().nullable().default(null).meta({ description: 'Replaces the tool\'s description for the model' }),
  parameterDescriptions: z.record(z.string(), z.string()).default({}).meta({ description: 'Top-level parameter name → the description the model reads for it' }),
  callPolicy: CallPolicySchema.nullable().default(null),
});

const LayerSchema = z.object({
  toolName: z.string(),
  displayName: z.string().nullable(),
  description: z.string().nullable(),
  parameterDescriptions: z.record(z.string(), z.string()),
  callPolicy: CallPolicySchema.nullable(),
  version: z.number().int(),
  updatedAt: z.string().meta({ format: 'date-time' }),
});

const sourced = <T extends z.ZodType>(value: T) => z.object({ value, source: SourceSchema });

/** What results from the layers, each value with its source. */
export const LayeredToolSchema = z.object({
  toolName: z.string(),
  name: sourced(z.string()),
  description: sourced(z.string()),
  parameters: z.array(z.object({ name: z.string(), description: sourced(z.string().nullable()) })),
  parametersSchema: z.record(z.string(), z.unknown()),
  callPolicy: sourced(CallPolicySchema),
  policyVersion: z.string().meta({ description: 'Changes with every save of either layer; approvals are bound to it' }),
});

/** `GET /api/v1/agents/{id}/tools/{toolName}/policy`. */
export const ToolPolicySchema = z.object({
  agentId: z.string(),
  toolName: z.string(),
  version: z.number().int().meta({ description: 'The agent layer\'s version, 0 before its first save (the ETag)' }),
  agent: LayerSchema.nullable(),
  group: LayerSchema.extend({ group: z.string() }).nullable(),
  effective: LayeredToolSchema,
});

/** `GET /api/v1/tools/{name}/policy`. */
export const DefaultPolicySchema = z.object({
  toolName: z.string(),
  group: z.string(),
  version: z.number().int().meta({ description: '0 before the first save (the ETag)' }),
  layer: LayerSchema.extend({ group: z.string() }).nullable(),
  effective: LayeredToolSchema,
});

/** `GET /api/v1/agents/{id}/token-budget`. */
export const TokenBudgetSchema = z.object({
  agentId: z.string(),
  tokens: z.number().int(),
  source: z.enum(['default', 'agent']).meta({ description: 'default: TOOL_TOKEN_BUDGET (8,000 unless set); agent: set for this agent' }),
  version: z.number().int().meta({ description: '0 while the default applies (the ETag)' }),
});

/** The body of `PUT /api/v1/agents/{id}/token-budget`. */
export const PutTokenBudgetBodySchema = z.strictObject({
  tokens: z.number().int().min(1).max(10_000_000).nullable().meta({ description: 'The most tokens the tool definitions should cost in any format; null returns to the default' }),
});

/** `GET /api/v1/agents/{id}/lint`. */
export const AgentLintSchema = z.object({
  agentId: z.string(),
  toolCount: z.number().int(),
  findings: z.array(
    z.object({
      code: z.enum(['duplicate_description', 'near_duplicate_description', 'bossy_description', 'missing_parameter_description', 'schema_refused', 'over_token_budget', 'not_called']),
      severity: z.enum(['warning', 'info']),
      toolName: z.string().optional().meta({ description: 'The name the model sees' }),
      format: z.enum(['openai', 'anthropic', 'mcp']).optional(),
      message: z.string(),
    }),
  ),
  costs: z.array(z.object({ format: z.enum(['openai', 'anthropic', 'mcp']), tokens: z.number().int(), isOverBudget: z.boolean() })),
  budget: z.number().int(),
  tokenBudget: TokenBudgetSchema,
});
