import { preparingIndex, sharedIndexOf } from '@/lib/client/shared-index';
import type { ToolSummary } from '@/lib/catalogue/tool-summary';
import { countText } from '@/lib/client/count-text';
import { choosableByGroup } from './choosable';

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
  countText(tools.length);
  yield;
  yield* preparingIndex(tools);
}

/** `work`'s steps, then `done` called once they are all done (not when the work is cancelled). */
export function* thenCall(work: Generator<void, void, undefined>, done: () => void): Generator<void, void, undefined> {
  yield* work;
  done();
}
