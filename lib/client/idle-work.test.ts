import { afterEach, describe, expect, it, vi } from 'vitest';
import { SLICE_MS, workWhenIdle } from './idle-work';

/**
 * A browser whose idle periods the test hands out, each with `msLeft` of idle time, and whose
 * tasks (messages posted between slices) wait in a queue until the test runs them.
 */
function idleBrowser() {
  const waiting = new Map<number, IdleRequestCallback>();
  const tasks: (() => void)[] = [];
  let handles = 0;
  vi.stubGlobal('window', {
    requestIdleCallback: (callback: IdleRequestCallback) => {
      waiting.set(++handles, callback);
      return handles;
    },
    cancelIdleCallback: (handle: number) => waiting.delete(handle),
  });
  class QueuedChannel {
    readonly port1: { onmessage: (() => void) | null; close: () => void } = { onmessage: null, close: () => {} };
    readonly port2 = { postMessage: () => tasks.push(() => this.port1.onmessage?.()) };
  }
  vi.stubGlobal('MessageChannel', QueuedChannel);
  return {
    /** Runs the oldest waiting callback with the idle time the browser would give it; false when none waits. */
    idle(msLeft: () => number): boolean {
      const next = waiting.entries().next();
      if (next.done) return false;
      waiting.delete(next.value[0]);
      next.value[1]({ didTimeout: false, timeRemaining: msLeft });
      return true;
    },
    /** Runs the oldest queued task; false when none is queued. */
    task(): boolean {
      const next = tasks.shift();
      next?.();
      return next !== undefined;
    },
    get waiting() {
      return waiting.size;
    },
    get queued() {
      return tasks.length;
    },
  };
}

/** A clock for `performance.now()` that only the test moves. */
function stoppedClock() {
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  return { advance: (ms: number) => (now += ms) };
}

function* steps(done: string[], count: number, eachTakes = () => {}): Generator<void, void, undefined> {
  try {
    for (let step = 1; step <= count; step++) {
      eachTakes();
      done.push(`step ${step}`);
      yield;
    }
  } finally {
    done.push('finished');
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('workWhenIdle', () => {
  it('does nothing until the browser is idle', () => {
    const browser = idleBrowser();
    const done: string[] = [];
    workWhenIdle(steps(done, 3));
    expect(done).toEqual([]);
    expect(browser.waiting).toBe(1);
  });

  it('runs one step in an idle period with no time to spare, and the rest in later ones', () => {
    const browser = idleBrowser();
    const done: string[] = [];
    workWhenIdle(steps(done, 3));
    browser.idle(() => 0);
    expect(done).toEqual(['step 1']);
    browser.idle(() => 0);
    expect(done).toEqual(['step 1', 'step 2']);
    while (browser.idle(() => 0));
    expect(done).toEqual(['step 1', 'step 2', 'step 3', 'finished']);
    expect(browser.queued).toBe(0);
  });

  it('runs as many steps as an idle period has time for', () => {
    const browser = idleBrowser();
    const done: string[] = [];
    workWhenIdle(steps(done, 4));
    let msLeft = 10;
    browser.idle(() => (msLeft -= 4));
    // 6 ms left after the first step, 2 (not enough to start another) after the second.
    expect(done).toEqual(['step 1', 'step 2']);
    expect(browser.queued).toBe(0);
    browser.idle(() => 50);
    expect(done).toEqual(['step 1', 'step 2', 'step 3', 'step 4', 'finished']);
    expect(browser.waiting).toBe(0);
  });

  it('gives way after a slice and goes on with the same idle period in a new task, so input that came meanwhile goes first', () => {
    const browser = idleBrowser();
    const clock = stoppedClock();
    const done: string[] = [];
    // Each step takes 3 ms: a slice ends after the second.
    workWhenIdle(steps(done, 5, () => clock.advance(3)));
    browser.idle(() => 40);
    expect(SLICE_MS).toBeLessThan(6);
    expect(done).toEqual(['step 1', 'step 2']);
    expect(browser.queued).toBe(1);
    expect(browser.waiting).toBe(0);
    browser.task();
    expect(done).toEqual(['step 1', 'step 2', 'step 3', 'step 4']);
    browser.task();
    expect(done).toEqual(['step 1', 'step 2', 'step 3', 'step 4', 'step 5', 'finished']);
    expect(browser.queued).toBe(0);
    expect(browser.waiting).toBe(0);
  });

  it('waits for the next idle period once the one it was given has run out between slices', () => {
    const browser = idleBrowser();
    const clock = stoppedClock();
    const done: string[] = [];
    workWhenIdle(steps(done, 6, () => clock.advance(3)));
    let msLeft = 10;
    browser.idle(() => msLeft);
    expect(done).toEqual(['step 1', 'step 2']);
    // Something else (a keystroke's render, say) used the rest of the idle period.
    msLeft = 1;
    browser.task();
    expect(done).toEqual(['step 1', 'step 2', 'step 3']);
    expect(browser.queued).toBe(0);
    expect(browser.waiting).toBe(1);
    browser.idle(() => 50);
    browser.task();
    expect(done).toEqual(['step 1', 'step 2', 'step 3', 'step 4', 'step 5', 'step 6', 'finished']);
  });

  it('stops where it is when cancelled', () => {
    const browser = idleBrowser();
    const done: string[] = [];
    const cancel = workWhenIdle(steps(done, 3));
    browser.idle(() => 0);
    cancel();
    expect(done).toEqual(['step 1', 'finished']);
    expect(browser.waiting).toBe(0);
    expect(done).toEqual(['step 1', 'finished']);
  });

  it('stops where it is when cancelled between two slices of an idle period', () => {
    const browser = idleBrowser();
    const clock = stoppedClock();
    const done: string[] = [];
    const cancel = workWhenIdle(steps(done, 5, () => clock.advance(3)));
    browser.idle(() => 40);
    expect(browser.queued).toBe(1);
    cancel();
    expect(done).toEqual(['step 1', 'step 2', 'finished']);
    while (browser.task());
    expect(done).toEqual(['step 1', 'step 2', 'finished']);
    expect(browser.waiting).toBe(0);
  });

  it('runs slices of 8 ms, 50 ms apart, where the browser cannot say when it is idle', () => {
    vi.useFakeTimers();
    const clock = stoppedClock();
    vi.stubGlobal('window', { setTimeout, clearTimeout });
    const done: string[] = [];
    workWhenIdle(steps(done, 4, () => clock.advance(3)));
    vi.advanceTimersByTime(49);
    expect(done).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(done).toEqual(['step 1', 'step 2', 'step 3']);
    vi.advanceTimersByTime(50);
    expect(done).toEqual(['step 1', 'step 2', 'step 3', 'step 4', 'finished']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
