import 'server-only';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type ListToolsResult,
  type ProgressToken,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { Actor } from '@/lib/auth/actor';
import { AppError } from '@/lib/app-error';
import type { Db } from '@/lib/db/schema';
import type { ToolRegistry } from '@/registry';
import { HeldCallError } from '@/lib/policy/held-call';
import { waitForApproval } from '@/lib/policy/list-approvals';
import { approvalWaitMs, askToWait } from './approval-elicitation';
import { listEffectiveTools } from './list-effective-tools';
import { prepareToolCall, type RunOptions } from './prepare-tool-call';
import { toMcpTool } from './tool-formats';

type CallToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** What `createMcpServer` needs. */
export interface McpServerOptions {
  db: Db;
  registry: ToolRegistry;
  actor: Actor;
  agentId: string;
  /** The MCP session: the `ToolCallScope.sessionId` of every call. */
  sessionId: string;
  /** The session's client declared form elicitation: a held call asks whether to wait for the decision. */
  canElicit?: boolean;
  /** The app's origin, for the approval's absolute URL in that question. */
  origin?: string;
}

/**
 * The agent's MCP server for one request: `tools/list` answers the effective tools in MCP form,
 * `tools/call` invokes one as the agent in the session. A tool that fails, times out or gets
 * arguments that do not fit answers a result with `isError` (the model can read and correct);
 * a call past the call rate is one too, with `_meta.retryAfterSeconds`; a tool not assigned is a protocol error. A tool that streams its result in parts sends them
 * as progress first (see `runOptions`). A held call answers a tool error naming the approval; when
 * the session's client declared form elicitation it first asks whether to wait (see
 * `waitWithConsent`). The low-level `Server` takes raw JSON Schemas.
 */
export function createMcpServer({ db, registry, actor, agentId, sessionId, canElicit = false, origin = 'http://localhost:3000' }: McpServerOptions): Server {
  const server = new Server(
    { name: `tools-admin-${agentId}`, version: '1.0.0' },
    { capabilities: { tools: { listChanged: true } }, instructions: `The tools of agent "${agentId}", as Tools Admin serves them.` },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const { tools } = await listEffectiveTools({ db, registry, actor, agentId });
    // Our schemas are JSON Schema objects already; the SDK's type only narrows `type` to "object".
    return { tools: tools.map(toMcpTool) as ListToolsResult['tools'] };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const toolName = request.params.name;
    const callOnce = async () => {
      const call = await prepareToolCall({ db, registry, actor, agentId, toolName, arguments: request.params.arguments ?? {}, sessionId });
      const { result } = await call.run(runOptions(request.params._meta?.progressToken, extra));
      return { content: [{ type: 'text' as const, text: result }] };
    };
    try {
      try {
        return await callOnce();
      } catch (error) {
        if (!(error instanceof HeldCallError) || !canElicit) throw error;
        // The client can ask its person: wait for the decision if they agree, then call once more.
        const decided = await waitWithConsent(error, extra);
        if (!decided) throw error;
        return await callOnce();
      }
    } catch (error) {
      // A held call is a tool error the model can read (MCP has no pending result): it names the approval.
      if (error instanceof HeldCallError) return { content: [{ type: 'text', text: error.message }], isError: true, _meta: { approvalId: error.approval.id, approvalUrl: error.approval.url } };
      if (error instanceof AppError && error.code === 'not_found') throw new McpError(ErrorCode.InvalidParams, error.message);
      if (!(error instanceof AppError)) throw error;
      const details = (error.details.errors ?? []).map(({ pointer, message }) => `${pointer}: ${message}`);
      // Past the call rate: a tool error the model can read, with when to try again (the HTTP answer stays 200, as for any tool error).
      const retry = error.details.retryAfterSeconds === undefined ? {} : { _meta: { retryAfterSeconds: error.details.retryAfterSeconds } };
      return { content: [{ type: 'text', text: [error.message, ...details].join('\n') }], isError: true, ...retry };
    }
  });
  /**
   * Asks the client's person (form elicitation) whether to wait for the held call's decision; on
   * `accept`, waits for it within MCP_APPROVAL_WAIT_SECONDS (any instance's decision counts).
   * Answers whether it was decided (approved or denied): then the call is made once more, which
   * runs it under the approval or answers the denial. Declined, dismissed, or still pending at
   * the deadline: false, and the call answers the held-call tool error as without elicitation.
   */
  async function waitWithConsent(held: HeldCallError, extra: CallToolExtra): Promise<boolean> {
    const deadline = Date.now() + approvalWaitMs();
    const approvalUrl = new URL(held.approval.url, origin).href;
    const action = await askToWait({ server, relatedRequestId: extra.requestId, sessionId, approval: held.approval, approvalUrl, deadline, signal: extra.signal });
    if (action !== 'accept') return false;
    const approval = await waitForApproval({ db, actor, id: held.approval.id, waitMs: Math.max(0, deadline - Date.now()), signal: extra.signal });
    return approval.status === 'approved' || approval.status === 'denied';
  }

  return server;
}

/**
 * A tool that streams its result in parts sends each part, when the client asked for progress,
 * as `notifications/progress` (`message` the chunk, `progress` the chunks so far) on this
 * request's stream; a client that cancels the request ends the call.
 */
function runOptions(progressToken: ProgressToken | undefined, extra: CallToolExtra): RunOptions {
  if (progressToken === undefined) return { signal: extra.signal };
  const onChunk = (chunk: string, count: number) => {
    void extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: count, message: chunk } }).catch(() => undefined);
  };
  return { onChunk, signal: extra.signal };
}
