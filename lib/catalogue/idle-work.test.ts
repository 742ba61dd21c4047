import { afterEach, describe, expect, it, vi } from 'vitest';
import { workWhenIdle } from './idle-work';

/** A window whose idle periods the test hands out, each with `msLeft` of idle time. */
function idleWindow() {
  const waiting = new Map<number, IdleRequestCallback>();
  let handles = 0;
  vi.stubGlobal('window', {
    requestIdleCallback: (callback: IdleRequestCallback) => {
      waiting.set(++handles, callback);
      return handles;
    },
    cancelIdleCallback: (handle: number) => waiting.delete(handle),
  });
  return {
    /** Runs the oldest waiting callback with the idle time the browser would give it; false when none waits. */
    idle(msLeft: () => number): boolean {
      const next = waiting.entries().next();
      if (next.done) return false;
      waiting.delete(next.value[0]);
      next.value[1]({ didTimeout: false, timeRemaining: msLeft });
      return true;
    },
    get waiting() {
      return waiting.size;
    },
  };
}

function* steps(done: string[], count: number): Generator<void, void, undefined> {
  try {
    for (let step = 1; step <= count; step++) {
      done.push(`step ${step}`);
      yield;
    }
  } finally {
    done.push('finished');
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('workWhenIdle', () => {
  it('does nothing until the browser is idle', () => {
    const browser = idleWindow();
    const done: string[] = [];
    workWhenIdle(steps(done, 3));
    expect(done).toEqual([]);
    expect(browser.waiting).toBe(1);
  });

  it('runs one step in an idle period with no time to spare, and the rest in later ones', () => {
    const browser = idleWindow();
    const done: string[] = [];
    workWhenIdle(steps(done, 3));
    browser.idle(() => 0);
    expect(done).toEqual(['step 1']);
    browser.idle(() => 0);
    expect(done).toEqual(['step 1', 'step 2']);
    while (browser.idle(() => 0));
    expect(done).toEqual(['step 1', 'step 2', 'step 3', 'finished']);
  });

  it('runs as many steps as an idle period has time for', () => {
    const browser = idleWindow();
    const done: string[] = [];
    workWhenIdle(steps(done, 4));
    let msLeft = 10;
    browser.idle(() => (msLeft -= 4));
    // 6 ms left after the first step, 2 (not enough to start another) after the second.
    expect(done).toEqual(['step 1', 'step 2']);
    browser.idle(() => 50);
    expect(done).toEqual(['step 1', 'step 2', 'step 3', 'step 4', 'finished']);
    expect(browser.waiting).toBe(0);
  });

  it('stops where it is when cancelled', () => {
    const browser = idleWindow();
    const done: string[] = [];
    const cancel = workWhenIdle(steps(done, 3));
    browser.idle(() => 0);
    cancel();
    expect(done).toEqual(['step 1', 'finished']);
    expect(browser.waiting).toBe(0);
    expect(done).toEqual(['step 1', 'finished']);
  });
});
