import type { EffectiveTool } from './effective-tool';

/** The formats an agent's tools are rendered in. */
export const TOOL_FORMATS = ['openai', 'anthropic', 'mcp'] as const;
export type ToolFormat = (typeof TOOL_FORMATS)[number];

/** A JSON Schema of an object: what providers and MCP take as a tool's parameters. */
export type ObjectSchema = { type: 'object' } & Record<string, unknown>;

/** One OpenAI Chat Completions function tool. */
export interface OpenAiTool {
  type: 'function';
  function: { name: string; description: string; parameters: ObjectSchema };
}

/** One Anthropic Messages tool. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: ObjectSchema;
}

/** One tool of an MCP `tools/list` result. */
export interface McpTool {
  name: string;
  description: string;
  inputSchema: ObjectSchema;
}

/**
 * Providers and MCP want an object schema at the top: an empty schema means "no arguments", and
 * one without a type (only `properties`) is an object's. A schema of another type is passed as it
 * is (the warnings name it: strict mode refuses it, and so do most providers).
 */
export function objectSchemaOf(schema: Record<string, unknown>): ObjectSchema {
  if (Object.keys(schema).length === 0) return { type: 'object', properties: {} };
  if (schema.type === undefined) return { type: 'object', ...schema };
  return schema as ObjectSchema;
}

/** The tool as OpenAI Chat Completions `tools` lists it. */
export function toOpenAiTool(tool: EffectiveTool): OpenAiTool {
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters: objectSchemaOf(tool.parametersSchema) } };
}

/** The tool as Anthropic Messages `tools` lists it. */
export function toAnthropicTool(tool: EffectiveTool): AnthropicTool {
  return { name: tool.name, description: tool.description, input_schema: objectSchemaOf(tool.parametersSchema) };
}

/** The tool as an MCP `tools/list` result lists it. */
export function toMcpTool(tool: EffectiveTool): McpTool {
  return { name: tool.name, description: tool.description, inputSchema: objectSchemaOf(tool.parametersSchema) };
}

/** The tool in the chosen format. */
export function renderTool(tool: EffectiveTool, format: ToolFormat): OpenAiTool | AnthropicTool | McpTool {
  if (format === 'openai') return toOpenAiTool(tool);
  if (format === 'anthropic') return toAnthropicTool(tool);
  return toMcpTool(tool);
}
