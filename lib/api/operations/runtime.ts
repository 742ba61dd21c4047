import 'server-only';
import { HeldCallSchema } from '../approval-schemas';
import { BODY_PROBLEMS, INVALID_QUERY, type ApiOperation } from '../api-operation';
import { AgentCallRateSchema, EffectiveToolsQuerySchema, EffectiveToolsSchema, InvokeBodySchema, InvokeResultSchema } from '../runtime-schemas';

const mcpSummaries = {
  POST: 'The agent\'s MCP server (Streamable HTTP): JSON-RPC requests; tools/list gives the effective tools, tools/call invokes one as the agent',
  GET: 'The agent\'s MCP server: the session\'s SSE stream, which carries notifications/tools/list_changed',
  DELETE: 'The agent\'s MCP server: ends the session named by Mcp-Session-Id',
};

/** What the agent runtime reads and calls: effective tools, invoke, the MCP endpoint. */
export const runtimeOperations: ApiOperation[] = [
  {
    method: 'GET', path: '/api/v1/agents/{id}/effective-tools', operationId: 'getEffectiveTools', tag: 'runtime',
    summary: 'What the agent\'s model receives: its available, valid tools in OpenAI, Anthropic or MCP form, with what was left out, warnings and token counts',
    query: EffectiveToolsQuerySchema,
    success: {
      200: { description: 'The effective tools; the ETag names this exact body', schema: EffectiveToolsSchema, hasEtag: true },
      304: { description: 'Unchanged since the ETag sent in If-None-Match; no body', hasEtag: true },
    },
    problems: [400, 404],
    problemDescriptions: { 400: INVALID_QUERY, 404: 'The agent does not exist' },
  },
  {
    method: 'POST', path: '/api/v1/agents/{id}/tools/{toolName}/invoke', operationId: 'invokeAgentTool', tag: 'runtime',
    summary: 'Calls a tool as the agent (a tool that streams its result to the user answers text/event-stream as the MCP endpoint does: its chunks as notifications/progress with progressToken "invoke", then one JSON-RPC result with id "invoke")',
    body: InvokeBodySchema,
    success: {
      200: { description: 'The tool\'s result, how long it took and the session it ran in', schema: InvokeResultSchema },
      202: { description: 'Held: the tool\'s call policy is `ask`, so a person must approve this exact call first (poll `poll`, then call again with the same arguments)', schema: HeldCallSchema, hasLocation: true },
    },
    problems: [...BODY_PROBLEMS, 403, 404, 409, 422, 429, 504],
    problemDescriptions: {
      403: 'The token lacks the `runtime` scope, or the tool\'s call policy is `deny`, or a person denied this exact call (`detail` names the approval)',
      400: 'The body does not have the expected shape, or the arguments fail the tool\'s parameters schema (field errors in `errors`, pointers under `/arguments`)',
      404: 'The agent does not exist, or the tool is not assigned to it',
      409: 'The assigned tool is missing, unavailable, or its saved settings are invalid',
      422: 'The tool failed: `detail` is its message (or its output passed 1 MiB)',
      429: 'The token (or user) or the agent made more than RUNTIME_RATE_PER_MINUTE calls (600 by default) this minute; `Retry-After` gives the seconds to the next window',
      504: 'The tool did not finish within the time limit (TOOL_CALL_TIMEOUT_MS, 30 s by default), or its MCP server did not answer within MCP_TOOL_CALL_TIMEOUT_MS (25 s by default, always below the call limit); `detail` says which',
    },
  },
  {
    method: 'GET', path: '/api/v1/agents/{id}/call-rate', operationId: 'getAgentCallRate', tag: 'runtime',
    summary: 'How the agent\'s tool calls stand against RUNTIME_RATE_PER_MINUTE: calls this minute and calls refused (429) this minute and the last, shared by every instance',
    success: { 200: { description: 'The agent\'s call rate', schema: AgentCallRateSchema } },
    problems: [404],
    problemDescriptions: { 404: 'The agent does not exist' },
  },
  ...(['POST', 'GET', 'DELETE'] as const).map((method): ApiOperation => ({
    method, path: '/api/v1/agents/{id}/mcp', operationId: `mcp${method[0]}${method.slice(1).toLowerCase()}`, tag: 'runtime',
    summary: mcpSummaries[method],
    success: { 200: { description: 'An MCP message stream (text/event-stream) or JSON-RPC answer, as the MCP Streamable HTTP transport defines' } },
    problems: [401, 403, 404],
    problemDescriptions: { 401: 'No API token (or session); the answer carries `WWW-Authenticate: Bearer`', 403: 'The token lacks the `runtime` scope', 404: 'The agent does not exist, or the Mcp-Session-Id names no session of it (initialize again)' },
  })),
];
