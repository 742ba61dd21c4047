import 'server-only';

/** One server-sent event carrying a JSON-RPC message, as MCP's Streamable HTTP transport writes it. */
export function sseMessage(message: unknown): string {
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}
