import { preparingIndex, sharedIndexOf } from '@/lib/catalogue/shared-index';
import type { ToolSummary } from '@/lib/catalogue/tool-summary';
import { choosableByGroup } from './choosable';

let countFormat: Intl.NumberFormat | undefined;

/**
 * A count as the picker shows it ("10,000"). The first number a page formats loads the locale's
 * data, tens of milliseconds that the first opening of the picker would wait for; `preparingPicker`
 * has it done while the page is idle.
 */
export function formatCount(count: number): string {
  countFormat ??= new Intl.NumberFormat('en');
  return countFormat.format(count);
}

/**
 * What the picker's first opening would otherwise do itself, in steps for `workWhenIdle`: the
 * catalogue's index, each group's choosable tools and the count format (all needed to show the
 * picker), then the search text (needed at the first keystroke).
 */
export function* preparingPicker(tools: readonly ToolSummary[], assigned: ReadonlySet<string>, pending: ReadonlySet<string> | undefined): Generator<void, void, undefined> {
  const index = sharedIndexOf(tools);
  yield;
  choosableByGroup(index, assigned, pending);
  yield;
  formatCount(tools.length);
  yield;
  yield* preparingIndex(tools);
}

/** `work`'s steps, then `done` called once they are all done (not when the work is cancelled). */
export function* thenCall(work: Generator<void, void, undefined>, done: () => void): Generator<void, void, undefined> {
  yield* work;
  done();
}
