/** The longest run of steps before the work gives way to input that may have come meanwhile. */
export const SLICE_MS = 4;
/** The same where the browser cannot say when it is idle: one slice per 50 ms timer. */
const TIMER_SLICE_MS = 8;

/**
 * Does `work` while the browser is idle, one step (up to the generator's next `yield`) at a time,
 * in slices of at most `SLICE_MS` (or one step, when a step takes longer). Between slices it gives
 * way: the rest of an idle period continues in a new task, so a keystroke that came during a
 * slice is handled first and waits one slice at most, not the whole idle period. Once the idle
 * period has no time left, it waits for the next. Without an idle period within two seconds the
 * browser runs one step anyway (and then the next, two seconds later at most). Where it cannot
 * say when it is idle, slices of 8 ms run 50 ms apart. Answers a cancel.
 */
export function workWhenIdle(work: Iterator<unknown, unknown, undefined>): () => void {
  let cancelNext = () => {};
  let isOver = false;
  /** Runs steps until `sliceMs` is used up or `hasTimeLeft` says no; answers whether work is left. */
  const runSlice = (hasTimeLeft: () => boolean, sliceMs = SLICE_MS): boolean => {
    const started = performance.now();
    do {
      if (work.next().done) {
        isOver = true;
        return false;
      }
    } while (performance.now() - started < sliceMs && hasTimeLeft());
    return true;
  };
  const inIdlePeriod = (deadline: IdleDeadline) => {
    // Leaves a little of the idle period: the browser may have a frame to draw at its end.
    const hasTimeLeft = () => deadline.timeRemaining() > 2;
    if (!runSlice(hasTimeLeft)) return;
    if (hasTimeLeft()) continueInNewTask(() => inIdlePeriod(deadline));
    else schedule();
  };
  const continueInNewTask = (next: () => void) => {
    // A message, unlike a timer, is not held back by the browser's minimum delay for nested timers.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      next();
    };
    channel.port2.postMessage(undefined);
    cancelNext = () => {
      channel.port1.onmessage = null;
      channel.port1.close();
    };
  };
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(inIdlePeriod, { timeout: 2_000 });
      cancelNext = () => window.cancelIdleCallback(handle);
    } else {
      const timer = window.setTimeout(() => {
        if (runSlice(() => true, TIMER_SLICE_MS)) schedule();
      }, 50);
      cancelNext = () => window.clearTimeout(timer);
    }
  };
  schedule();
  return () => {
    if (isOver) return;
    isOver = true;
    cancelNext();
    work.return?.(undefined);
  };
}
