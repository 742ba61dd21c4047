import type { JsonSchema, Tool, ToolAnnotations } from '@/registry';

/** What `tools/list` said about one tool, held in memory between lists. */
export interface McpToolInfo {
  /** The server's own name of the tool (without the group prefix). */
  name: string;
  description: string;
  inputSchema: JsonSchema;
  annotations?: ToolAnnotations;
}


/** The result of `tools/call`, as far as the app reads it. */
export interface CallResult {
  isError?: boolean;
  content?: unknown;
  structuredContent?: unknown;
}

/** A `tools/call` of one tool of a connected server, or a throw saying why it cannot be made. */
export type CallTool = (localName: string, args: Record<string, unknown>) => Promise<CallResult>;

/** A tool of an MCP server: its metadata from the last `tools/list`; `execute` does `tools/call`. */
export class McpTool implements Tool {
  constructor(
    private readonly fullName: string,
    private readonly info: McpToolInfo,
    private readonly call: CallTool,
  ) {}

  name(): string {
    return this.fullName;
  }

  description(): string {
    return this.info.description;
  }

  parametersSchema(): JsonSchema {
    return this.info.inputSchema;
  }

  /** The server's MCP annotations (read-only, destructive, idempotent, open-world hints). */
  annotations(): ToolAnnotations | undefined {
    return this.info.annotations;
  }

  /** Calls the tool by the server's own name; an MCP error result throws with the server's message. */
  async execute(args: Record<string, unknown>): Promise<string> {
    const result = await this.call(this.info.name, args);
    const text = resultText(result);
    if (result.isError) throw new Error(text || `The MCP server reported an error calling "${this.info.name}" without a message`);
    return text;
  }
}

/** The text of a call result: its text parts joined, anything else as JSON. */
export function resultText(result: CallResult): string {
  const parts = Array.isArray(result.content) ? (result.content as unknown[]) : [];
  const texts = parts.map((part) => {
    const item = part as { type?: unknown; text?: unknown };
    return item.type === 'text' && typeof item.text === 'string' ? item.text : JSON.stringify(part);
  });
  if (texts.length > 0) return texts.join('\n');
  return result.structuredContent === undefined ? '' : JSON.stringify(result.structuredContent);
}

/** The annotations of a listed tool, keeping only the known hints of the right type. */
export function annotationsFrom(value: unknown): ToolAnnotations | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const source = value as Record<string, unknown>;
  const annotations: { -readonly [K in keyof ToolAnnotations]: ToolAnnotations[K] } = {};
  if (typeof source.title === 'string') annotations.title = source.title;
  for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
    if (typeof source[hint] === 'boolean') annotations[hint] = source[hint];
  }
  return Object.keys(annotations).length > 0 ? annotations : undefined;
}
