import { expect, it } from 'vitest';
import { createAgent } from '@/lib/agents';
import { flushAuditEvents } from '@/lib/audit/record-audit-event-later';
import type { TokenActor } from '@/lib/auth/actor';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { describeEachDatabase } from '@/test/db/databases';
import { appErrorOf } from '@/test/app-error-of';
import { checkCallRate, readAgentCallRate } from './call-rates';
import { callRatePerMinute, mcpCallTimeoutMs } from './runtime-limits';

const token = (id: string): TokenActor => ({ kind: 'token', id: `token:${id}`, displayName: id, tokenId: id, scopes: ['runtime'], agents: { all: true } });
/** 10 s into a minute, so a test's calls stay in one window. */
const MINUTE = Date.UTC(2026, 0, 1, 12, 0, 10);

describeEachDatabase('checkCallRate', (databases) => {
  it('lets 5 calls a minute through and refuses the 6th with Retry-After, per token and per agent independently', async () => {
    const { db } = await databases.create();
    for (const id of ['a', 'b']) await createAgent({ db, actor: TEST_ADMIN, input: { id, name: id.toUpperCase() } });
    const check = (actor: TokenActor, agentId: string, now = MINUTE) => checkCallRate({ db, actor, agentId, toolName: 'word_count', perMinute: 5, now });
    for (let call = 0; call < 5; call += 1) await check(token('one'), 'a');
    const refused = await appErrorOf(check(token('one'), 'a', MINUTE + 20_000));
    expect(refused.code).toBe('too_many_requests');
    expect(refused.details.retryAfterSeconds).toBe(30);
    expect(refused.message).toMatch(/This token made more than 5 tool calls this minute/);
    // The token's limit holds on every agent; another token still reaches agent b.
    expect((await appErrorOf(check(token('one'), 'b'))).code).toBe('too_many_requests');
    await check(token('two'), 'b');
    // Agent a has had its 5 calls: another token is refused there, by the agent's limit.
    expect((await appErrorOf(check(token('two'), 'a'))).message).toMatch(/Agent "a" made more than 5 tool calls this minute/);
    // The next minute is a new window.
    await check(token('one'), 'a', MINUTE + 60_000);
  });

  it('counts the refusals, audits one per key and window, and shows the agent as throttled', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'busy', name: 'Busy' } });
    const outcomes: string[] = [];
    for (let call = 0; call < 9; call += 1) {
      outcomes.push(await checkCallRate({ db, actor: token('t'), agentId: 'busy', toolName: 'word_count', perMinute: 5, now: MINUTE }).then(() => 'ok', () => '429'));
    }
    expect(outcomes).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', '429', '429', '429', '429']);
    await flushAuditEvents();
    const audit = await db.selectFrom('audit_events').select(['action', 'actor', 'target', 'after']).where('action', '=', 'tool.throttle').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'token:t', target: 'agents/busy/tools/word_count' });
    expect(JSON.parse(audit[0]?.after ?? '{}')).toEqual({ by: 'caller', limitPerMinute: 5, windowStart: '2026-01-01T12:00:00.000Z' });
    expect(await readAgentCallRate({ db, actor: TEST_ADMIN, agentId: 'busy', now: MINUTE, perMinute: 5 })).toEqual({
      limitPerMinute: 5, calls: 5, throttledCalls: 4, isThrottled: true, windowStart: '2026-01-01T12:00:00.000Z',
    });
    // Still shown the minute after; gone the one after that.
    expect((await readAgentCallRate({ db, actor: TEST_ADMIN, agentId: 'busy', now: MINUTE + 60_000, perMinute: 5 })).isThrottled).toBe(true);
    expect((await readAgentCallRate({ db, actor: TEST_ADMIN, agentId: 'busy', now: MINUTE + 120_000, perMinute: 5 })).isThrottled).toBe(false);
  });

  it('shares the count between two database handles, as two instances would, and cleans up old windows', async () => {
    const { url, db } = await databases.create();
    const other = await databases.open(url);
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'shared', name: 'Shared' } });
    const old = MINUTE - 10 * 60_000;
    await checkCallRate({ db: other, actor: token('x'), agentId: 'shared', toolName: 'word_count', perMinute: 5, now: old });
    // Ten calls at once, half on each handle: exactly five pass.
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, index) =>
      checkCallRate({ db: index % 2 === 0 ? db : other, actor: token('x'), agentId: 'shared', toolName: 'word_count', perMinute: 5, now: MINUTE })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const windows = await db.selectFrom('call_rates').select('window_start').distinct().execute();
    expect(windows.map((row) => Number(row.window_start))).toEqual([Math.floor(MINUTE / 60_000)]);
  });
});

it('reads RUNTIME_RATE_PER_MINUTE (600 by default, 0 off) and keeps the MCP call timeout below the call limit', () => {
  expect(callRatePerMinute({})).toBe(600);
  expect(callRatePerMinute({ RUNTIME_RATE_PER_MINUTE: '5' })).toBe(5);
  expect(callRatePerMinute({ RUNTIME_RATE_PER_MINUTE: '0' })).toBe(0);
  expect(callRatePerMinute({ RUNTIME_RATE_PER_MINUTE: 'lots' })).toBe(600);
  expect(mcpCallTimeoutMs({})).toBe(25_000);
  expect(mcpCallTimeoutMs({ MCP_TOOL_CALL_TIMEOUT_MS: '1000' })).toBe(1000);
  expect(mcpCallTimeoutMs({ TOOL_CALL_TIMEOUT_MS: '1200', MCP_TOOL_CALL_TIMEOUT_MS: '60000' })).toBe(1000);
});
