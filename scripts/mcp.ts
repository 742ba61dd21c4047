// `npm run -s mcp -- tools|call …`: a small MCP client for an agent's endpoint, built on the MCP
// SDK's own Client and Streamable HTTP transport, so checking a connection needs no download.
//   tools <endpoint-url> --token <token> [--json]                    lists the agent's tools
//   call <endpoint-url> <tool> --token <token> [--args '{…}'] [--json]  calls one tool, prints its text
// The token is an API token with the `runtime` scope. Exit codes: 0 done, 1 refused or failed
// (a tool's own error included), 2 a wrong command line.
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';

const usage = `Usage:
  npm run -s mcp -- tools <endpoint-url> --token <token> [--json]
  npm run -s mcp -- call <endpoint-url> <tool> --token <token> [--args '{"name":"value"}'] [--json]
The endpoint of an agent is <app>/api/v1/agents/<id>/mcp; the token needs the runtime scope.`;

/** A wrong command line: printed with the usage, exit code 2. */
class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  let command: string | undefined;
  let endpoint: URL;
  let toolName: string | undefined;
  let values: { token?: string; args?: string; json: boolean };
  let toolArguments: Record<string, unknown> = {};
  try {
    const parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { token: { type: 'string' }, args: { type: 'string' }, json: { type: 'boolean', default: false } },
    });
    values = parsed.values;
    const [given, url, tool] = parsed.positionals;
    command = given;
    toolName = tool;
    if (command !== 'tools' && command !== 'call') throw new UsageError('Say "tools" or "call".');
    if (!url || !URL.canParse(url)) throw new UsageError('Give the endpoint as a full URL, such as http://localhost:3000/api/v1/agents/demo/mcp.');
    endpoint = new URL(url);
    if (command === 'call' && !toolName) throw new UsageError('Name the tool to call.');
    if (!values.token) throw new UsageError('Give an API token with the runtime scope: --token <token>.');
    if (values.args !== undefined) toolArguments = argumentsOf(values.args);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }

  const client = new Client({ name: 'tools-admin-cli', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { Authorization: `Bearer ${values.token}` } } });
  try {
    await client.connect(transport);
    if (command === 'tools') {
      const tools = await listAllTools(client);
      console.log(values.json ? JSON.stringify(tools, null, 2) : formatTools(tools));
      return 0;
    }
    const result = (await client.callTool({ name: toolName!, arguments: toolArguments })) as CallToolResult;
    console.log(values.json ? JSON.stringify(result, null, 2) : textOf(result));
    return result.isError ? 1 : 0;
  } catch (error) {
    console.error(messageOf(error));
    return 1;
  } finally {
    await transport.terminateSession().catch(() => undefined);
    await client.close();
  }
}

/** `--args`: a JSON object of the tool's arguments. */
function argumentsOf(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--args is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError('--args must be a JSON object, such as {"text":"one two"}.');
  return value as Record<string, unknown>;
}

/** Every page of `tools/list`, following `nextCursor`. */
async function listAllTools(client: Client): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

/** One line per tool, its name and the first line of its description, then the count. */
function formatTools(tools: Tool[]): string {
  const width = Math.max(0, ...tools.map((tool) => tool.name.length));
  const lines = tools.map((tool) => `${tool.name.padEnd(width)}  ${(tool.description ?? '').split('\n')[0]}`.trimEnd());
  return [...lines, `${tools.length} ${tools.length === 1 ? 'tool' : 'tools'}`].join('\n');
}

/** A result's text parts, one after the other; other parts are named by their type. */
function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}

function messageOf(error: unknown): string {
  if (error instanceof StreamableHTTPError && error.code === 401) return 'The endpoint refused the token (401): check it, and that it has not been revoked.';
  if (error instanceof StreamableHTTPError && error.code === 403) return 'The token may not use this endpoint (403): it needs the runtime scope.';
  if (error instanceof StreamableHTTPError && error.code === 404) return 'No MCP endpoint at this address (404): check the agent id.';
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  // The SDK prefixes a JSON-RPC error's message with its code twice.
  const message = (error instanceof Error ? error.message : String(error)).replace(/^(MCP error -?\d+: )\1/, '$1');
  return `${message}${cause}`;
}

process.exitCode = await main(process.argv.slice(2));
