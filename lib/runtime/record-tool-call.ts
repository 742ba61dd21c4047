import 'server-only';
import { SpanStatusCode, type Span } from '@opentelemetry/api';
import { tracer } from '@/lib/telemetry/tracer';
import type { Actor } from '@/lib/auth/actor';
import { assignmentTarget } from '@/lib/audit/audit-event';
import { recordAuditEventLater } from '@/lib/audit/record-audit-event-later';
import type { Db } from '@/lib/db/schema';
import { recordToolCall as countToolCall } from '@/lib/metrics/record-tool-call';
import { recordUsage } from '@/lib/usage/record-usage';
import type { ToolCallOutcome } from '@/lib/usage/usage-outcome';
import { redactArguments } from './redact-arguments';
import { sessionHash } from './runtime-sessions';

export type { ToolCallOutcome } from '@/lib/usage/usage-outcome';

/** One finished (or refused) tool call, as everything that reports it needs it. */
export interface FinishedToolCall {
  db: Db;
  actor: Actor;
  agentId: string;
  toolName: string;
  /** The MCP server the tool comes from; '' for other tools. */
  server: string;
  /** The call's session; only its hash (`sessionHash`) leaves this module. */
  sessionId: string;
  /** The tool's parameters schema, to redact the arguments it marks secret; absent when the tool was never built. */
  schema?: Record<string, unknown>;
  args: Record<string, unknown>;
  outcome: ToolCallOutcome;
  durationMs: number;
  /** Bytes of the result handed back; 0 when none was. */
  resultBytes: number;
  error?: string;
  /** The approval the call ran (or was denied) under. */
  approvalId?: string;
  /** The call's span while it ran; a call refused before running gets a span of its own here. */
  span?: Span;
}

/**
 * The one place a tool call is reported, once however it ends: the audit event (`tool.invoke`,
 * written just after the answer), the metrics (`tool_calls_total` on /api/metrics) and the usage
 * rollups (lib/usage, written every few seconds). None of them may fail the call it reports.
 * The session is named by its hash and the result by its size: neither the session id (which
 * would let a reader of the log use the session) nor the result (the tool's data) is recorded.
 */
export function reportToolCall(call: FinishedToolCall): void {
  traceToolCall(call);
  try {
    countToolCall(call.toolName, call.outcome, call.durationMs / 1000);
  } catch (error) {
    console.error('Counting a tool call failed', error);
  }
  recordUsage(call.db, {
    agentId: call.agentId,
    toolName: call.toolName,
    server: call.server,
    outcome: call.outcome,
    durationMs: call.durationMs,
    resultBytes: call.resultBytes,
  });
  recordAuditEventLater(call.db, {
    actor: call.actor,
    action: 'tool.invoke',
    target: assignmentTarget(call.agentId, call.toolName),
    before: null,
    after: {
      sessionHash: sessionHash(call.sessionId),
      argumentsBytes: Buffer.byteLength(JSON.stringify(call.args)),
      arguments: call.schema ? redactArguments(call.schema, call.args) : null,
      outcome: call.outcome,
      resultBytes: call.resultBytes,
      durationMs: call.durationMs,
      ...(call.error === undefined ? {} : { error: call.error }),
      ...(call.approvalId === undefined ? {} : { approvalId: call.approvalId }),
    },
  });
}

/**
 * Counts a call refused for lack of the `runtime` permission as `denied`, in the usage rollups
 * and the metrics, when the agent has the tool assigned: a refused caller cannot make up agents
 * or tools to fill the rollups with. (The refusal itself is audited by `apiRoute`.)
 */
export async function reportDeniedToolCall(db: Db, agentId: string, toolName: string): Promise<void> {
  const assigned = await db.selectFrom('assignments').select('agent_id').where('agent_id', '=', agentId).where('tool_name', '=', toolName).executeTakeFirst();
  if (!assigned) return;
  try {
    countToolCall(toolName, 'denied', 0);
  } catch (error) {
    console.error('Counting a tool call failed', error);
  }
  recordUsage(db, { agentId, toolName, outcome: 'denied', durationMs: 0, resultBytes: 0 });
}

/** Counts a call held for a person's approval (`held` in the metrics); it is not yet a call for the usage rollups or the audit. */
export function countHeldToolCall(toolName: string): void {
  try {
    countToolCall(toolName, 'held', 0);
  } catch (error) {
    console.error('Counting a tool call failed', error);
  }
}

/** The OpenTelemetry span name of a call of `toolName`. */
export function toolCallSpanName(toolName: string): string {
  return `tool.call ${toolName}`;
}

/** What a tool call's span carries from the start: who calls what, and the session's hash; never arguments, results or the session id. */
export function toolCallAttributes(call: Pick<FinishedToolCall, 'agentId' | 'toolName' | 'server' | 'sessionId'>) {
  return { 'tools_admin.agent': call.agentId, 'tools_admin.tool': call.toolName, 'tools_admin.server': call.server, 'tools_admin.session_hash': sessionHash(call.sessionId) };
}

/** Puts the outcome and duration on the call's span (a new one when it has none) and ends it. The error's text stays out: it may quote an argument. */
function traceToolCall(call: FinishedToolCall): void {
  const span = call.span ?? tracer().startSpan(toolCallSpanName(call.toolName), { attributes: toolCallAttributes(call) });
  span.setAttributes({ 'tools_admin.outcome': call.outcome, 'tools_admin.duration_ms': call.durationMs, 'tools_admin.result_bytes': call.resultBytes });
  if (call.outcome !== 'ok') span.setStatus({ code: SpanStatusCode.ERROR, message: call.outcome });
  span.end();
}
