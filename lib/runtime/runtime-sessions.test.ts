import { afterEach, expect, it, vi } from 'vitest';
import type { Actor, TokenActor } from '@/lib/auth/actor';
import { SqlTodoListService } from '@/lib/todos/sql-todo-list-service';
import { describeEachDatabase } from '@/test/db/databases';
import { endRuntimeSession, openRuntimeSession, principalOf, runtimeSessionIdleMs, sessionHash, sweepRuntimeSessions, resumeRuntimeSession } from './runtime-sessions';

const MINUTE = 60_000;
const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const tokenA: TokenActor = { kind: 'token', id: 'token:tat_a', displayName: 'A', tokenId: 'tok-a', scopes: ['runtime'], agents: { all: true } };
const tokenB: TokenActor = { kind: 'token', id: 'token:tat_b', displayName: 'B', tokenId: 'tok-b', scopes: ['runtime'], agents: { all: true } };
const ada: Actor = { kind: 'user', id: 'user:ada@example.test', displayName: 'Ada', userId: 'u-ada', email: 'ada@example.test', role: 'admin', sessionId: 'cookie-1' };

afterEach(() => {
  vi.unstubAllEnvs();
});

it('reads RUNTIME_SESSION_IDLE_MINUTES, 60 minutes when unset or unreadable', () => {
  expect(runtimeSessionIdleMs({})).toBe(60 * MINUTE);
  expect(runtimeSessionIdleMs({ RUNTIME_SESSION_IDLE_MINUTES: '15' })).toBe(15 * MINUTE);
  for (const bad of ['0', '-5', '1.5', 'soon', '99999']) expect(runtimeSessionIdleMs({ RUNTIME_SESSION_IDLE_MINUTES: bad }), bad).toBe(60 * MINUTE);
});

it('names a principal by its stable id and hashes a session id to 16 hex characters', () => {
  expect(principalOf(tokenA)).toBe('token:tok-a');
  expect(principalOf(ada)).toBe('user:u-ada');
  expect(principalOf({ ...tokenA, id: 'oauth:grant-1', tokenId: 'grant-1' })).toBe('oauth:grant-1');
  expect(sessionHash('s1')).toMatch(/^[0-9a-f]{16}$/);
  expect(sessionHash('s1')).not.toBe(sessionHash('s2'));
});

describeEachDatabase('runtime sessions', (databases) => {
  it('remembers whether the session\'s MCP client declared elicitation, for every later request', async () => {
    const { db } = await databases.create();
    const asking = await openRuntimeSession(db, { agentId: 'hr', actor: tokenA, canElicit: true, now: T0 });
    const plain = await openRuntimeSession(db, { agentId: 'hr', actor: tokenA, now: T0 });
    await expect(resumeRuntimeSession(db, { id: asking, agentId: 'hr', actor: tokenA, now: T0 + MINUTE })).resolves.toEqual({ canElicit: true });
    // Also once touched (past the touch interval).
    await expect(resumeRuntimeSession(db, { id: asking, agentId: 'hr', actor: tokenA, now: T0 + 5 * MINUTE })).resolves.toEqual({ canElicit: true });
    await expect(resumeRuntimeSession(db, { id: plain, agentId: 'hr', actor: tokenA, now: T0 + MINUTE })).resolves.toEqual({ canElicit: false });
  });

  it('lets only the principal that opened a session use it, on its agent only', async () => {
    const { db } = await databases.create();
    const id = await openRuntimeSession(db, { agentId: 'hr', actor: tokenA, now: T0 });
    await expect(resumeRuntimeSession(db, { id, agentId: 'hr', actor: tokenA, now: T0 + MINUTE })).resolves.toEqual({ canElicit: false });
    for (const [agentId, actor] of [['hr', tokenB], ['hr', ada], ['sales', tokenA]] as const) {
      await expect(resumeRuntimeSession(db, { id, agentId, actor, now: T0 + MINUTE }), `${agentId} ${actor.id}`).rejects.toMatchObject({ code: 'not_found' });
    }
    await expect(resumeRuntimeSession(db, { id: 'unknown', agentId: 'hr', actor: tokenA, now: T0 })).rejects.toMatchObject({ code: 'not_found' });
    expect(await endRuntimeSession(db, { id, agentId: 'hr', actor: tokenB })).toBe(false);
    expect(await endRuntimeSession(db, { id, agentId: 'hr', actor: tokenA })).toBe(true);
  });

  it('refuses a session idle past RUNTIME_SESSION_IDLE_MINUTES even before the sweep, and keeps one in use alive', async () => {
    vi.stubEnv('RUNTIME_SESSION_IDLE_MINUTES', '30');
    const { db } = await databases.create();
    const idle = await openRuntimeSession(db, { agentId: 'hr', actor: tokenA, now: T0 });
    const busy = await openRuntimeSession(db, { agentId: 'hr', actor: tokenA, now: T0 });
    for (const minutes of [20, 40, 60]) await resumeRuntimeSession(db, { id: busy, agentId: 'hr', actor: tokenA, now: T0 + minutes * MINUTE });
    await expect(resumeRuntimeSession(db, { id: idle, agentId: 'hr', actor: tokenA, now: T0 + 31 * MINUTE })).rejects.toMatchObject({ code: 'not_found' });
    await expect(resumeRuntimeSession(db, { id: busy, agentId: 'hr', actor: tokenA, now: T0 + 85 * MINUTE })).resolves.toEqual({ canElicit: false });
  });

  it('sweeps expired sessions with their todo lists, and todo lists left without a session; live ones stay', async () => {
    const { db } = await databases.create();
    const todos = new SqlTodoListService({ db });
    const expired = await openRuntimeSession(db, { agentId: 'hr', actor: tokenA, now: T0 });
    const live = await openRuntimeSession(db, { agentId: 'hr', actor: tokenA, now: T0 });
    await todos.write({ agentId: 'hr', sessionId: expired }, [{ content: 'old', status: 'pending' }]);
    await todos.write({ agentId: 'hr', sessionId: live }, [{ content: 'new', status: 'pending' }]);
    // A list with no session of its own (as migration 0121 leaves an unattributed one).
    await todos.write({ agentId: '', sessionId: 'legacy' }, [{ content: 'orphan', status: 'pending' }]);
    await resumeRuntimeSession(db, { id: live, agentId: 'hr', actor: tokenA, now: T0 + 50 * MINUTE });

    expect(await sweepRuntimeSessions(db, { now: T0 + 30 * MINUTE })).toEqual({ sessions: 0, todoItems: 1 });
    expect(await sweepRuntimeSessions(db, { now: T0 + 61 * MINUTE })).toEqual({ sessions: 1, todoItems: 1 });

    expect(await db.selectFrom('runtime_sessions').select('id').execute()).toEqual([{ id: live }]);
    expect(await db.selectFrom('session_todo_items').select(['session_id', 'content']).execute()).toEqual([{ session_id: live, content: 'new' }]);
    await expect(resumeRuntimeSession(db, { id: expired, agentId: 'hr', actor: tokenA, now: T0 + 61 * MINUTE })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('deletes each expired row once when two instances sweep at the same moment', async () => {
    const { url, db } = await databases.create();
    const other = await databases.open(url);
    const ids = await Promise.all(Array.from({ length: 40 }, () => openRuntimeSession(db, { agentId: 'hr', actor: tokenA, now: T0 })));
    const todos = new SqlTodoListService({ db });
    for (const sessionId of ids.slice(0, 10)) await todos.write({ agentId: 'hr', sessionId }, [{ content: 'x', status: 'pending' }]);
    const keep = await openRuntimeSession(db, { agentId: 'hr', actor: tokenB, now: T0 + 59 * MINUTE });

    const results = await Promise.all([sweepRuntimeSessions(db, { now: T0 + 61 * MINUTE }), sweepRuntimeSessions(other, { now: T0 + 61 * MINUTE })]);

    expect(results.reduce((sum, result) => sum + result.sessions, 0)).toBe(40);
    expect(results.reduce((sum, result) => sum + result.todoItems, 0)).toBe(10);
    expect(await db.selectFrom('runtime_sessions').select('id').execute()).toEqual([{ id: keep }]);
    expect(await db.selectFrom('session_todo_items').select('session_id').execute()).toEqual([]);
  });
});
