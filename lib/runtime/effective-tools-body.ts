import 'server-only';
import type { EffectiveToolSet, LeftOutTool } from './effective-tool';
import { countToolTokens, type TokenCounts } from './token-counts';
import { renderTool, type AnthropicTool, type McpTool, type OpenAiTool, type ToolFormat } from './tool-formats';
import { toolWarnings, type ToolWarning } from './tool-warnings';

/** The effective-tools answer in one format. */
export interface EffectiveToolsBody {
  agentId: string;
  format: ToolFormat;
  /** OpenAI `tools`, Anthropic `tools`, or the `tools` of an MCP `tools/list` result. */
  tools: OpenAiTool[] | AnthropicTool[] | McpTool[];
  leftOut: LeftOutTool[];
  warnings: ToolWarning[];
  tokens: TokenCounts;
}

/** Renders an agent's effective tools in one format, with warnings and token counts. */
export function effectiveToolsBody(agentId: string, set: EffectiveToolSet, format: ToolFormat): EffectiveToolsBody {
  const rendered = set.tools.map((tool) => renderTool(tool, format));
  const tokens = countToolTokens(
    set.tools.map((tool, index) => ({ name: tool.name, json: JSON.stringify(rendered[index]) })),
    format,
  );
  return {
    agentId,
    format,
    tools: rendered as EffectiveToolsBody['tools'],
    leftOut: set.leftOut,
    warnings: toolWarnings(set.tools, format),
    tokens,
  };
}
