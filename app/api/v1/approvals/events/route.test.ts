import { afterEach, beforeAll, expect, it } from 'vitest';
import { createAgent } from '@/lib/agents';
import { HeldCallSchema } from '@/lib/api/approval-schemas';
import { createToken } from '@/lib/auth/create-token';
import { approvalEventsResponse, MAX_APPROVAL_STREAMS_PER_USER, openApprovalStreams, type ApprovalEventData } from '@/lib/policy/approval-events';
import { apiRequest, callRoute, describeApi, type TestRequestInit } from '@/test/api/api-harness';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { POST as invokeRoute } from '../../agents/[id]/tools/[toolName]/invoke/route';
import { PUT as assign } from '../../agents/[id]/tools/[toolName]/route';
import { POST as decide } from '../[id]/decision/route';
import { GET as events, POST as postEvents } from './route';

// delete_record (destructiveHint): held under `ask`.
process.env.TOOLS_PLUGIN_PATH = 'e2e/fixtures/policy-plugins';
const AGENT = 'live';

/** An open event stream: its parsed events and comments as they arrive, and how to end it. */
interface OpenStream {
  response: Response;
  /** The next `approval` event matching `wanted`, within `timeoutMs`. */
  next(wanted: (data: ApprovalEventData) => boolean, timeoutMs?: number): Promise<ApprovalEventData>;
  /** Resolves once a comment line with `text` arrives. */
  comment(text: string, timeoutMs?: number): Promise<void>;
  /** Whether the body ended within `timeoutMs`. */
  ended(timeoutMs?: number): Promise<boolean>;
  abort(): void;
}

function openStream(response: Response, controller: AbortController): OpenStream {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let isDone = false;
  const blocks: string[] = [];
  const readBlock = async (deadline: number): Promise<string | undefined> => {
    while (blocks.length === 0) {
      if (isDone) return undefined;
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      const step = await Promise.race([reader.read(), new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), left))]);
      if (step === 'timeout') return undefined;
      if (step.done) {
        isDone = true;
        return undefined;
      }
      buffer += step.value;
      const parts = buffer.split('\n\n');
      buffer = parts.pop() ?? '';
      blocks.push(...parts);
    }
    return blocks.shift();
  };
  return {
    response,
    async next(wanted, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const block = await readBlock(deadline);
        if (block === undefined) throw new Error('No such approval event arrived in time');
        const lines = block.split('\n');
        if (!lines.includes('event: approval')) continue;
        const data = JSON.parse(lines.find((line) => line.startsWith('data: '))!.slice('data: '.length)) as ApprovalEventData;
        if (wanted(data)) return data;
      }
    },
    async comment(text, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const block = await readBlock(deadline);
        if (block === undefined) throw new Error(`No comment "${text}" arrived in time`);
        if (block.split('\n').includes(`: ${text}`)) return;
      }
    },
    async ended(timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      while (!isDone && Date.now() < deadline) {
        blocks.length = 0;
        await readBlock(deadline);
      }
      return isDone;
    },
    abort: () => controller.abort(),
  };
}

describeApi('Approval events: a live stream of held calls for those who decide', (database) => {
  let runtime = '';
  const streams: OpenStream[] = [];
  beforeAll(async () => {
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    runtime = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'runtime', scopes: ['runtime'] } })).secret;
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: AGENT, name: 'Live' } });
    const response = await callRoute(assign, apiRequest(`/api/v1/agents/${AGENT}/tools/delete_record`, { method: 'PUT', json: { overrides: {} } }), { id: AGENT, toolName: 'delete_record' });
    expect(response.status).toBe(201);
  });
  afterEach(() => {
    delete process.env.APPROVAL_TTL_MINUTES;
    for (const stream of streams.splice(0)) stream.abort();
  });

  async function listen(as: TestRequestInit['as'] = 'editor'): Promise<OpenStream> {
    const controller = new AbortController();
    const request = new Request(apiRequest('/api/v1/approvals/events', { as }), { signal: controller.signal });
    const response = await callRoute(events, request, {});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const stream = openStream(response, controller);
    streams.push(stream);
    return stream;
  }
  async function hold(args: Record<string, unknown>): Promise<string> {
    const response = await callRoute(invokeRoute, apiRequest(`/api/v1/agents/${AGENT}/tools/delete_record/invoke`, { as: { token: runtime }, method: 'POST', json: { arguments: args } }), { id: AGENT, toolName: 'delete_record' });
    expect(response.status).toBe(202);
    return HeldCallSchema.parse(await response.json()).approvalId;
  }

  it('sends an event when a call is held, when it is decided and when the approved call is used', async () => {
    const stream = await listen();
    const id = await hold({ id: 'e1' });
    expect(await stream.next((data) => data.approvalId === id)).toEqual({ approvalId: id, change: 'requested' });
    const decided = await callRoute(decide, apiRequest(`/api/v1/approvals/${id}/decision`, { as: 'admin', method: 'POST', json: { decision: 'approve' } }), { id });
    expect(decided.status).toBe(200);
    expect(await stream.next((data) => data.approvalId === id)).toEqual({ approvalId: id, change: 'decided' });
    const ran = await callRoute(invokeRoute, apiRequest(`/api/v1/agents/${AGENT}/tools/delete_record/invoke`, { as: { token: runtime }, method: 'POST', json: { arguments: { id: 'e1' } } }), { id: AGENT, toolName: 'delete_record' });
    expect(ran.status).toBe(200);
    expect(await stream.next((data) => data.approvalId === id)).toEqual({ approvalId: id, change: 'used' });
  });

  it('sends `expired` when a pending call\'s time passes, with no request to cause it', async () => {
    process.env.APPROVAL_TTL_MINUTES = '0.01';
    const stream = await listen();
    const id = await hold({ id: 'e2' });
    expect(await stream.next((data) => data.approvalId === id)).toEqual({ approvalId: id, change: 'requested' });
    expect(await stream.next((data) => data.approvalId === id, 3000)).toEqual({ approvalId: id, change: 'expired' });
  });

  it('refuses viewers, tokens and the unauthenticated with problem details', async () => {
    for (const [as, status] of [['viewer', 403], [{ token: runtime }, 403], ['anonymous', 401]] as const) {
      const response = await callRoute(events, apiRequest('/api/v1/approvals/events', { as }), {});
      expect(response.status, JSON.stringify(as)).toBe(status);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(((await response.json()) as { status: number }).status).toBe(status);
    }
    expect((await callRoute(postEvents, apiRequest('/api/v1/approvals/events', { as: 'editor', method: 'POST', json: {} }), {})).status).toBe(405);
  });

  it('ends the stream when the client goes away, and caps open streams per person (429)', async () => {
    const editor = (await database.db.selectFrom('auth_user').select('email').where('email', '=', 'editor@example.test').executeTakeFirstOrThrow()).email;
    const actorId = `user:${editor}`;
    const open = [];
    for (let index = 0; index < MAX_APPROVAL_STREAMS_PER_USER - 1; index += 1) open.push(await listen());
    // One read directly, not through a parser, so its reader can go away.
    const unread = await callRoute(events, apiRequest('/api/v1/approvals/events', { as: 'editor' }), {});
    expect(unread.status).toBe(200);
    expect(openApprovalStreams(actorId)).toBe(MAX_APPROVAL_STREAMS_PER_USER);
    const refused = await callRoute(events, apiRequest('/api/v1/approvals/events', { as: 'editor' }), {});
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(refused.headers.get('retry-after')).toBe('30');
    // Another person is not held back by the editor's streams.
    await listen('admin');

    open[0]!.abort();
    expect(await open[0]!.ended()).toBe(true);
    expect(openApprovalStreams(actorId)).toBe(MAX_APPROVAL_STREAMS_PER_USER - 1);
    // A cancelled body (the reader gone) ends it too.
    await unread.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(openApprovalStreams(actorId)).toBe(MAX_APPROVAL_STREAMS_PER_USER - 2);
    const again = await listen();
    expect(again.response.status).toBe(200);
  });

  it('sends heartbeat comments and ends at its maximum life', async () => {
    const controller = new AbortController();
    const actor = { kind: 'user', id: 'user:beat@example.test', displayName: 'Beat', userId: 'beat', email: 'beat@example.test', role: 'editor', sessionId: 's' } as const;
    const response = approvalEventsResponse({ db: database.db, actor, signal: controller.signal, heartbeatMs: 40, maxMs: 400 });
    const stream = openStream(response, controller);
    streams.push(stream);
    await stream.comment('heartbeat', 1000);
    expect(await stream.ended(2000)).toBe(true);
    expect(openApprovalStreams(actor.id)).toBe(0);
  });
});
