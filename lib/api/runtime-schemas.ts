import { z } from 'zod';

const FieldErrorSchema = z.object({ pointer: z.string(), message: z.string() });

/** `?format=` of the effective tools. */
export const EffectiveToolsQuerySchema = z.strictObject({
  format: z.enum(['openai', 'anthropic', 'mcp']).optional().meta({ description: 'openai (default): Chat Completions `tools`; anthropic: Messages `tools`; mcp: the `tools` of a `tools/list` result' }),
});

const OpenAiToolSchema = z.object({
  type: z.literal('function'),
  function: z.object({ name: z.string(), description: z.string(), parameters: z.record(z.string(), z.unknown()) }),
});
const AnthropicToolSchema = z.object({ name: z.string(), description: z.string(), input_schema: z.record(z.string(), z.unknown()) });
const McpToolSchema = z.object({ name: z.string(), description: z.string(), inputSchema: z.record(z.string(), z.unknown()) });

/** `GET /api/v1/agents/{id}/effective-tools`. */
export const EffectiveToolsSchema = z.object({
  agentId: z.string(),
  format: z.enum(['openai', 'anthropic', 'mcp']),
  tools: z.union([z.array(OpenAiToolSchema), z.array(AnthropicToolSchema), z.array(McpToolSchema)]).meta({
    description: 'Exactly what the model receives, in the chosen format: every assigned tool that is available and valid, built with the agent\'s overrides',
  }),
  leftOut: z.array(
    z.object({
      toolName: z.string(),
      status: z.enum(['missing', 'unavailable', 'invalid']),
      reason: z.string(),
      errors: z.array(FieldErrorSchema).optional(),
    }),
  ),
  warnings: z.array(
    z.object({
      code: z.enum(['duplicate_name', 'too_many_tools', 'name_not_accepted', 'not_strict_compatible']),
      toolName: z.string().optional(),
      message: z.string(),
    }),
  ),
  tokens: z.object({
    method: z.enum(['o200k', 'estimate']).meta({ description: 'o200k: counted with OpenAI\'s tokenizer; estimate: the same count, for a provider whose tokenizer differs' }),
    total: z.number().int(),
    perTool: z.array(z.object({ name: z.string(), tokens: z.number().int() })),
  }),
});

/** The body of `POST /api/v1/agents/{id}/tools/{toolName}/invoke`. */
export const InvokeBodySchema = z.strictObject({
  arguments: z.record(z.string(), z.unknown()).meta({ description: 'Checked against the tool\'s parametersSchema()' }),
  sessionId: z.string().min(1).max(200).optional().meta({ description: 'The conversation (e.g. the todo list\'s); a new one when absent' }),
});

/** A successful call. */
export const InvokeResultSchema = z.object({
  result: z.string(),
  durationMs: z.number(),
  sessionId: z.string(),
});

/** `GET /api/v1/agents/{id}/call-rate`. */
export const AgentCallRateSchema = z.object({
  limitPerMinute: z.number().int().meta({ description: 'Tool calls allowed per caller and per agent in one minute (RUNTIME_RATE_PER_MINUTE); 0: no limit' }),
  calls: z.number().int().meta({ description: 'Calls let through in the current one-minute window' }),
  throttledCalls: z.number().int().meta({ description: 'Calls refused (429) in the current and the previous window, by the agent\'s limit or a caller\'s' }),
  isThrottled: z.boolean().meta({ description: 'Whether calls to the agent were refused in the current or the previous minute' }),
  windowStart: z.string().meta({ description: 'The current window\'s first instant, ISO 8601' }),
});
