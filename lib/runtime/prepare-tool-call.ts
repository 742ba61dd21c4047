import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { AppError } from '@/lib/app-error';
import { requireAgent } from './require-agent';
import { toAssignment, type Assignment } from '@/lib/assignments/assignment';
import { viewAssignment } from '@/lib/assignments/assignment-view';
import { singleToolLookup, type ToolLookup } from '@/lib/assignments/tool-lookup';
import { readRules, ruleAssignment } from '@/lib/rules/expand-rules';
import type { Db } from '@/lib/db/schema';
import type { Span } from '@opentelemetry/api';
import type { Tool, ToolRegistry } from '@/registry';
import { annotationsFor, cachedPolicySnapshot, toolNameOf, type PolicySnapshot } from '@/lib/policy/policy-snapshot';
import { gateCall } from '@/lib/policy/gate-call';
import { HeldCallError } from '@/lib/policy/held-call';
import { callPolicyOf, policyVersionOf } from '@/lib/policy/layer-tool';
import { cachedAssignmentRow } from './assignment-cache';
import { tracer } from '@/lib/telemetry/tracer';
import { countHeldToolCall, reportToolCall, toolCallAttributes, toolCallSpanName, type FinishedToolCall, type ToolCallOutcome } from './record-tool-call';
import { ToolUnavailableError } from './tool-unavailable-error';
import { ToolTimeoutError } from './tool-timeout-error';
import { checkCallRate } from './call-rates';
import { pumpToolStream, StreamStoppedError } from './pump-tool-stream';
import { runtimeLimits, type RuntimeLimits } from './runtime-limits';
import { openRuntimeSession, resumeRuntimeSession } from './runtime-sessions';
import { validateArguments } from './validate-arguments';

/** What `prepareToolCall` needs. */
export interface PrepareToolCallOptions {
  db: Db;
  registry: ToolRegistry;
  actor: Actor;
  agentId: string;
  /** The tool as the model knows it (a policy's display name) or by its registry name. */
  toolName: string;
  arguments: Record<string, unknown>;
  /** The conversation: a session this actor opened on this agent; a new one when absent. */
  sessionId?: string;
  limits?: RuntimeLimits;
}

/** A successful call. */
export interface ToolCallResult {
  result: string;
  durationMs: number;
  sessionId: string;
}

/** How a caller that streams the result to the user runs a call. */
export interface RunOptions {
  /**
   * Each chunk as the tool produces it, with how many came so far; only a call whose
   * `streamsInParts` is true produces chunks (through `Tool.executeStream`).
   */
  onChunk?(chunk: string, count: number): void;
  /** Aborted when the caller has left: the tool's stream is closed and the call ends. */
  signal?: AbortSignal;
}

/** A call that passed every check and can run. */
export interface PreparedToolCall {
  sessionId: string;
  /** Whether the tool's result goes straight to the user (streamed by the API). */
  streamsResultToUser: boolean;
  /** Whether it also produces that result in parts (`Tool.executeStream`), handed to `RunOptions.onChunk`. */
  streamsInParts: boolean;
  /**
   * Runs the tool within the time limit, audits and reports the call (once, however it ends).
   * AppError `unprocessable` with the tool's message when it throws or its output passes the
   * limit (over all chunks of a stream); `timeout` past the time limit, or when the tool's
   * upstream (an MCP server) does not answer within its own, shorter one.
   */
  run(options?: RunOptions): Promise<ToolCallResult>;
}

/**
 * Builds the agent's tool with a `ToolCallScope` (the session, the agent, the caller) and checks
 * the arguments. AppError `forbidden` without the `runtime` permission; `not_found` naming the agent, or the tool not assigned to it;
 * `not_found` (SESSION_NOT_FOUND) when `sessionId` is not a live session this actor opened on this agent;
 * `too_many_requests` past the caller's or the agent's calls per minute (`checkCallRate`);
 * `conflict` when the assigned tool is missing, unavailable or has invalid settings; `invalid`
 * with pointers under `/arguments` when the arguments fail the parameters schema (audited); then
 * the tool policy (`gateCall`): `forbidden` when it or a person denies the call (audited),
 * HeldCallError while the call waits for a person's approval.
 */
export async function prepareToolCall(given: PrepareToolCallOptions): Promise<PreparedToolCall> {
  const { db, registry, actor, agentId } = given;
  authorize(actor, 'runtime');
  // An assignment's agent exists (a foreign key): the agent is looked up only to say which is missing.
  // Cached a few seconds, forgotten as soon as the agent's tools change (assignment-cache.ts). The
  // policies are read beside it: the model calls a tool by the name it was shown, mapped back to the
  // registry name (the key of all below); only a renamed tool's assignment is read a second time.
  const [policies, byGivenName] = await Promise.all([cachedPolicySnapshot(db, agentId), cachedAssignmentRow(db, agentId, given.toolName)]);
  const toolName = toolNameOf(policies, given.toolName);
  const options = { ...given, toolName };
  const row = toolName === given.toolName ? byGivenName : await cachedAssignmentRow(db, agentId, toolName);
  const lookup = singleToolLookup(registry);
  // An explicit assignment wins; else a group rule may give the tool, with its defaults.
  const assigned = row ? toAssignment(row) : await ruleGiving(db, agentId, toolName, lookup);
  if (!assigned) {
    await requireAgent(db, agentId);
    throw new AppError('not_found', `Agent "${agentId}" has no tool "${given.toolName}" assigned`);
  }
  // Counted once the caller reaches an assigned tool: made-up agents and tools fill no windows.
  await checkCallRate({ db, actor, agentId, toolName });
  return prepareAssigned(options, assigned, lookup, policies);
}

/** The rest of `prepareToolCall` once the assignment is known. */
async function prepareAssigned(options: PrepareToolCallOptions, given: Assignment, lookup: ToolLookup, policies: PolicySnapshot): Promise<PreparedToolCall> {
  const { db, registry, actor, agentId, toolName, arguments: args } = options;
  const limits = options.limits ?? runtimeLimits();
  const assignment = viewAssignment(given, lookup);
  // A session given must be the caller's own on this agent; a new one is stored once the call may run.
  if (options.sessionId !== undefined) await resumeRuntimeSession(db, { id: options.sessionId, agentId, actor });
  const isNewSession = options.sessionId === undefined;
  const sessionId = options.sessionId ?? randomUUID();
  const base = { db, actor, agentId, toolName, server: serverOf(lookup, toolName), sessionId, args };
  // A tool that cannot run is reported as unavailable, once, before the refusal.
  const unavailable = (error: AppError): AppError => {
    reportToolCall({ ...base, outcome: 'unavailable', durationMs: 0, resultBytes: 0, error: error.message });
    return error;
  };
  if (assignment.status === 'missing') throw unavailable(new AppError('conflict', `Tool "${toolName}" is assigned to agent "${agentId}" but no plugin provides it any more`));
  if (assignment.status === 'invalid') {
    throw unavailable(new AppError('conflict', `Tool "${toolName}" of agent "${agentId}" has saved settings that no longer fit its schema; fix them first`, { errors: assignment.errors }));
  }
  if (assignment.status === 'unavailable') throw unavailable(new AppError('conflict', `Tool "${toolName}" is unavailable: ${assignment.unavailableReason ?? 'no reason given'}`));
  let tool: Tool;
  try {
    tool = registry.resolve({ agentId, toolName, overrides: assignment.overrides }, { agentId, sessionId, userId: actor.id, purpose: 'call' });
  } catch (error) {
    throw unavailable(new AppError('conflict', error instanceof Error ? error.message : String(error)));
  }
  const schema = tool.parametersSchema();
  let approvalId: string | undefined;
  const report = (outcome: ToolCallOutcome, durationMs: number, extra: Pick<FinishedToolCall, 'resultBytes' | 'error' | 'span'>) =>
    reportToolCall({ ...base, schema, outcome, durationMs, approvalId, ...extra });
  const errors = validateArguments(schema, args);
  if (errors.length > 0) {
    report('invalid_arguments', 0, { resultBytes: 0, error: 'The arguments do not fit the parameters schema' });
    throw new AppError('invalid', `The arguments do not fit the parameters of "${toolName}"`, { errors });
  }
  // The tool policy, once, here in the one call path: allow, deny, or hold for a person's approval.
  const groupLayer = policies.defaults.get(toolName);
  const agentLayer = policies.agent.get(toolName);
  try {
    approvalId = await gateCall({
      db,
      actor,
      agentId,
      toolName,
      shownName: agentLayer?.displayName ?? groupLayer?.displayName ?? toolName,
      arguments: args,
      schema,
      // From the approved face's annotations while a change of them waits for an editor (lib/drift).
      policy: callPolicyOf(annotationsFor(policies, toolName, lookup(toolName)?.annotations), groupLayer, agentLayer),
      policyVersion: policyVersionOf(groupLayer, agentLayer),
    });
  } catch (error) {
    // A held call is counted (metrics) but not yet a call (usage, audit: the approval is audited).
    if (error instanceof HeldCallError) countHeldToolCall(toolName);
    else if (error instanceof AppError && error.code === 'forbidden') report('denied', 0, { resultBytes: 0, error: error.message });
    throw error;
  }
  if (isNewSession) await openRuntimeSession(db, { id: sessionId, agentId, actor });
  const streamsResultToUser = readsTrue(tool, 'streamsResultToUser');
  const streamsInParts = streamsResultToUser && typeof tool.executeStream === 'function';
  return {
    sessionId,
    streamsResultToUser,
    streamsInParts,
    run(runOptions: RunOptions = {}) {
      // The call's span is active while the tool runs: an MCP server's call is its child.
      return tracer().startActiveSpan(toolCallSpanName(toolName), { attributes: toolCallAttributes(base) }, (span) => runIn(span, runOptions));
    },
  };

  async function runIn(span: Span, { onChunk, signal }: RunOptions): Promise<ToolCallResult> {
    const started = performance.now();
    const finish = (outcome: ToolCallOutcome, error?: string, resultBytes = 0) => {
      const durationMs = Math.round((performance.now() - started) * 100) / 100;
      report(outcome, durationMs, { resultBytes, error, span });
      return durationMs;
    };
    let result: string;
    try {
      result =
        streamsInParts && onChunk && tool.executeStream
          ? await pumpToolStream(tool.executeStream(args), { ...limits, onChunk, signal })
          : await withTimeout(tool.execute(args), limits.timeoutMs);
    } catch (error) {
      if (error instanceof StreamStoppedError && error.reason === 'too_large') {
        const message = `Tool "${toolName}" answered more than ${limits.maxOutputBytes} bytes; its output was cut off there`;
        finish('too_large', message);
        throw new AppError('unprocessable', message);
      }
      if (error instanceof StreamStoppedError && error.reason === 'cancelled') {
        finish('cancelled', error.message);
        throw new AppError('unprocessable', error.message);
      }
      if (error instanceof ToolTimeoutError) {
        finish('timeout', error.message);
        throw new AppError('timeout', `Tool "${toolName}" did not finish: ${error.message}`);
      }
      if (error instanceof TimeoutError || error instanceof StreamStoppedError) {
        finish('timeout', error.message);
        throw new AppError('timeout', `Tool "${toolName}" did not finish within ${limits.timeoutMs} ms`);
      }
      const message = error instanceof Error ? error.message : String(error);
      finish(error instanceof ToolUnavailableError ? 'unavailable' : 'tool_error', message);
      throw new AppError('unprocessable', message);
    }
    if (typeof result !== 'string') result = String(result);
    const resultBytes = Buffer.byteLength(result);
    if (resultBytes > limits.maxOutputBytes) {
      const message = `Tool "${toolName}" answered more than ${limits.maxOutputBytes} bytes; its output was dropped`;
      finish('too_large', message);
      throw new AppError('unprocessable', message);
    }
    const durationMs = finish('ok', undefined, resultBytes);
    return { result, durationMs, sessionId };
  }
}

/** The tool as one of the agent's group rules gives it, or undefined when no rule covers it. */
async function ruleGiving(db: Db, agentId: string, toolName: string, lookup: ToolLookup): Promise<Assignment | undefined> {
  const entry = lookup(toolName);
  if (!entry) return undefined;
  const rule = (await readRules(db, agentId)).find((candidate) => candidate.group === entry.group && !candidate.exclude.includes(toolName));
  return rule && ruleAssignment(rule, entry);
}

class TimeoutError extends Error {}

/** `work`, or a TimeoutError after `ms`: one promise and one timer per call (calls are the hot path). */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError(`Timed out after ${ms} ms`)), ms);
    Promise.resolve(work).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The MCP server a tool comes from ('' for any other source): its bundle's registry source is `mcp:<name>`. */
function serverOf(lookup: ToolLookup, toolName: string): string {
  const source = lookup(toolName)?.source ?? '';
  return source.startsWith('mcp:') ? source.slice('mcp:'.length) : '';
}

/** A flag a plain JavaScript plugin may write as a method or as a boolean property. */
function readsTrue(tool: Tool, member: 'streamsResultToUser'): boolean {
  const value: unknown = (tool as unknown as Record<string, unknown>)[member];
  return typeof value === 'function' ? (value as () => unknown).call(tool) === true : value === true;
}
