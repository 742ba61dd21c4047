/** Thrown by a tool that cannot run now (its MCP server is not connected): counted as `unavailable`, not as the tool's error. */
export class ToolUnavailableError extends Error {
  override name = 'ToolUnavailableError';
}
