/**
 * The bodies of a workflow and an MCP server in their `n`th shape, as history tests edit them
 * through the API: each shape differs from the others in every version-visible way.
 */
export function workflowBody(name: string, n: number): Record<string, unknown> {
  return {
    name,
    description: `Shape ${n}`,
    inputs: [{ name: 'text', type: 'string', required: true, description: 'The text' }],
    steps: Array.from({ length: n }, (_, index) => ({ id: `count${index}`, tool: 'word_count', arguments: { text: '{{input.text}}' } })),
    output: '',
  };
}

/** A disabled HTTP server (the history is about the configuration; nothing listens at `port`), with extra headers. */
export function serverBody(name: string, n: number, port: number, headers: Record<string, string> = {}): Record<string, unknown> {
  return { name, transport: 'http', enabled: false, url: `http://127.0.0.1:${port}/mcp`, headers: { 'X-Shape': `shape ${n}`, ...headers } };
}
