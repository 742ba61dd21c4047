/** Thrown by a tool whose upstream (an MCP server) did not answer within its time limit: counted as `timeout` and answered 504, not as the tool's error. */
export class ToolTimeoutError extends Error {
  override name = 'ToolTimeoutError';
}
