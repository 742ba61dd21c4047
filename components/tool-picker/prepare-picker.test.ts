import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedIndexOf } from '@/lib/client/shared-index';
import { workWhenIdle } from '@/lib/client/idle-work';
import { countText } from '@/lib/client/count-text';
import type { ToolSummary } from '@/lib/catalogue/tool-summary';
import { choosableByGroup } from './choosable';
import { preparingPicker, thenCall } from './prepare-picker';

/** Tools that count how often their availability and search text are read. */
function countedTools(count: number) {
  const reads = { availability: 0, description: 0 };
  const tools: ToolSummary[] = Array.from({ length: count }, (_, number) => ({
    name: `tool_${number}`,
    group: `group_${number % 5}`,
    source: 'builtin',
    get description() {
      reads.description++;
      return `Tool number ${number}`;
    },
    get unavailableReason() {
      reads.availability++;
      return number % 7 === 0 ? 'Not configured' : undefined;
    },
  }));
  return { tools, reads };
}

/** Hands out idle periods with no time to spare: one step each. */
function idleWindow() {
  const waiting: IdleRequestCallback[] = [];
  vi.stubGlobal('window', { requestIdleCallback: (callback: IdleRequestCallback) => waiting.push(callback), cancelIdleCallback: () => {} });
  return {
    idle() {
      waiting.shift()?.({ didTimeout: false, timeRemaining: () => 0 });
    },
    idleUntilDone() {
      while (waiting.length > 0) waiting.shift()!({ didTimeout: false, timeRemaining: () => 0 });
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('preparingPicker', () => {
  it('works out each group’s choosable tools while the page is idle, so the first opening of the picker does not', () => {
    const browser = idleWindow();
    const { tools, reads } = countedTools(50);
    const assigned = new Set(['tool_1']);
    const pending = new Set(['tool_2']);
    workWhenIdle(preparingPicker(tools, assigned, pending));
    browser.idleUntilDone();
    expect(reads.availability).toBeGreaterThan(0);
    const readsWhenIdle = reads.availability;
    // What the picker does as it renders: nothing left to work out.
    const byGroup = choosableByGroup(sharedIndexOf(tools), assigned, pending);
    expect(reads.availability).toBe(readsWhenIdle);
    expect(byGroup.get('group_1')).not.toContain('tool_1');
    expect(byGroup.get('group_2')).not.toContain('tool_2');
    expect(byGroup.get('group_0')).not.toContain('tool_0');
    expect(byGroup.get('group_0')).toContain('tool_5');
  });

  it('sets up the count format while the page is idle: the first number a page formats loads the locale’s data', () => {
    const browser = idleWindow();
    const { tools } = countedTools(50);
    const NumberFormat = vi.spyOn(Intl, 'NumberFormat');
    workWhenIdle(preparingPicker(tools, new Set(), new Set()));
    browser.idleUntilDone();
    const madeWhenIdle = NumberFormat.mock.calls.length;
    // What the picker does as it renders: nothing left to set up.
    expect(countText(10_000)).toBe('10,000');
    expect(countText(1_234)).toBe((1_234).toLocaleString('en'));
    expect(NumberFormat.mock.calls.length).toBe(madeWhenIdle);
  });

  it('builds the search text in steps of one group, after what the opening needs', () => {
    const browser = idleWindow();
    const { tools, reads } = countedTools(50);
    workWhenIdle(preparingPicker(tools, new Set(), new Set()));
    browser.idle(); // the index
    browser.idle(); // the choosable tools
    browser.idle(); // the count format
    expect(reads.description).toBe(0);
    browser.idle(); // the index again, already built
    browser.idle(); // one group's search text
    expect(reads.description).toBe(10);
    browser.idleUntilDone();
    expect(reads.description).toBe(50);
  });
});

describe('thenCall', () => {
  it('calls back once the last step is done, so the picker is rendered ahead only once it is prepared', () => {
    const browser = idleWindow();
    const { tools } = countedTools(50);
    const done = vi.fn();
    workWhenIdle(thenCall(preparingPicker(tools, new Set(), new Set()), done));
    browser.idle();
    browser.idle();
    expect(done).not.toHaveBeenCalled();
    browser.idleUntilDone();
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('does not call back when the work is cancelled (the catalogue or the assignments changed)', () => {
    const browser = idleWindow();
    const { tools } = countedTools(50);
    const done = vi.fn();
    const cancel = workWhenIdle(thenCall(preparingPicker(tools, new Set(), new Set()), done));
    browser.idle();
    cancel();
    browser.idleUntilDone();
    expect(done).not.toHaveBeenCalled();
  });
});
