import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import { ElicitResultSchema, isJSONRPCErrorResponse, isJSONRPCResultResponse } from '@modelcontextprotocol/sdk/types.js';
import { publishChange, subscribeChanges } from '@/lib/events';
import type { ApprovalView } from '@/lib/policy/approval';

/** The id of every elicitation request the MCP endpoint sends about a held call starts so. */
export const APPROVAL_ELICITATION_PREFIX = 'approval-wait:';
/** How long a held MCP call waits, by default, for the person's answer and the decision together. */
export const DEFAULT_APPROVAL_WAIT_SECONDS = 45;

/** What the client's person chose: `cancel` too when no answer came in time or the call was cancelled. */
export type ElicitAction = 'accept' | 'decline' | 'cancel';

/**
 * MCP_APPROVAL_WAIT_SECONDS (1 to 600; 45 when unset or unreadable) in milliseconds: the longest a
 * held call whose client agreed to wait stays open, from the elicitation request to the decision.
 * The MCP SDK client's own request timeout is 60 s by default: keep this below the clients'.
 */
export function approvalWaitMs(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const raw = env.MCP_APPROVAL_WAIT_SECONDS?.trim();
  const seconds = raw ? Number(raw) : DEFAULT_APPROVAL_WAIT_SECONDS;
  return (Number.isFinite(seconds) && seconds >= 1 && seconds <= 600 ? seconds : DEFAULT_APPROVAL_WAIT_SECONDS) * 1000;
}

/** What `askToWait` needs. */
export interface AskToWaitOptions {
  server: Server;
  /** The `tools/call` request the question belongs to: it travels on that request's stream. */
  relatedRequestId: RequestId;
  sessionId: string;
  approval: ApprovalView;
  /** The approvals page with this approval open, absolute. */
  approvalUrl: string;
  /** When to stop waiting for the answer (epoch ms). */
  deadline: number;
  signal: AbortSignal;
}

/**
 * Asks the MCP client's person, with a form elicitation on the held call's own stream, whether to
 * wait for a person's decision. The endpoint is stateless (a new SDK server per HTTP request), so
 * the answer comes back on another request, perhaps to another instance: `routeElicitationAnswers`
 * publishes its action on the change bus, and this waits for it there. Nothing but the action is
 * read from the answer. Answers `cancel` at the deadline or when the call is cancelled.
 */
export async function askToWait({ server, relatedRequestId, sessionId, approval, approvalUrl, deadline, signal }: AskToWaitOptions): Promise<ElicitAction> {
  const requestId = `${APPROVAL_ELICITATION_PREFIX}${randomUUID()}`;
  const seconds = Math.max(1, Math.round((deadline - Date.now()) / 1000));
  let stop = () => {};
  const answered = new Promise<ElicitAction>((resolve) => {
    const timer = setTimeout(() => finish('cancel'), Math.max(0, deadline - Date.now()));
    const onAbort = () => finish('cancel');
    const unsubscribe = subscribeChanges((event) => {
      if (event.kind === 'elicitation-answer' && event.sessionId === sessionId && event.requestId === requestId) finish(event.action);
    });
    function finish(action: ElicitAction) {
      clearTimeout(timer);
      unsubscribe();
      signal.removeEventListener('abort', onAbort);
      resolve(action);
    }
    stop = () => finish('cancel');
    if (signal.aborted) finish('cancel');
    else signal.addEventListener('abort', onAbort);
  });
  try {
    if (!server.transport) throw new Error('The MCP server has no transport');
    await server.transport.send(
      {
        jsonrpc: '2.0',
        id: requestId,
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message:
            `The call of "${approval.shownName}" awaits a person's approval (approval ${approval.id}). ` +
            `An editor or admin decides at ${approvalUrl}. Accept to wait up to ${seconds} seconds for the decision (the call then runs once, if approved); ` +
            'decline to get the approval id now and call again later.',
          requestedSchema: { type: 'object', properties: {} },
        },
      },
      { relatedRequestId },
    );
  } catch {
    // The stream is gone (the client left): nobody can answer.
    stop();
  }
  return answered;
}

/**
 * Takes a POST body that holds only the client's answers to this endpoint's approval questions
 * (JSON-RPC results or errors whose ids start with {@link APPROVAL_ELICITATION_PREFIX}) and
 * publishes each answer's action for the session, where the waiting call hears it on any
 * instance. Answers whether it took the body (then the request is answered 202 Accepted); any
 * other body is left to the SDK's transport as before.
 */
export async function routeElicitationAnswers(sessionId: string, body: unknown): Promise<boolean> {
  const messages = Array.isArray(body) ? (body as unknown[]) : [body];
  if (messages.length === 0) return false;
  const answers: { requestId: string; action: ElicitAction }[] = [];
  for (const message of messages) {
    const isResult = isJSONRPCResultResponse(message);
    if (!isResult && !isJSONRPCErrorResponse(message)) return false;
    const { id } = message as { id: unknown };
    if (typeof id !== 'string' || !id.startsWith(APPROVAL_ELICITATION_PREFIX)) return false;
    // An error, or a result that is not an elicitation answer, counts as dismissed.
    const parsed = isResult ? ElicitResultSchema.safeParse((message as { result: unknown }).result) : undefined;
    answers.push({ requestId: id, action: parsed?.success ? parsed.data.action : 'cancel' });
  }
  for (const { requestId, action } of answers) await publishChange({ kind: 'elicitation-answer', sessionId, requestId, action });
  return true;
}

/** Whether a client's `elicitation` capability, as declared at `initialize`, covers form mode (an empty object does). */
export function supportsFormElicitation(capabilities: unknown): boolean {
  if (typeof capabilities !== 'object' || capabilities === null) return false;
  const elicitation = (capabilities as { elicitation?: unknown }).elicitation;
  if (typeof elicitation !== 'object' || elicitation === null) return false;
  const { form, url } = elicitation as { form?: unknown; url?: unknown };
  return form !== undefined || url === undefined;
}
