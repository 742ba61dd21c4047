/**
 * Does `work` while the browser is idle, one step (up to the generator's next `yield`) at a time
 * and as many steps as fit in each idle period, so no part of it holds up a click or a keystroke
 * for longer than one step. Without an idle period within two seconds the browser runs one step
 * anyway (and then the next, two seconds later at most). Where it cannot say when it is idle,
 * the steps run in slices of a few milliseconds. Answers a cancel.
 */
export function workWhenIdle(work: Iterator<unknown, unknown, undefined>): () => void {
  let cancelNext = () => {};
  let isOver = false;
  const run = (hasTimeLeft: () => boolean) => {
    do {
      if (work.next().done) {
        isOver = true;
        return;
      }
    } while (hasTimeLeft());
    schedule();
  };
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      // Leaves a little of the idle period: the browser may have a frame to draw at its end.
      const handle = window.requestIdleCallback((deadline) => run(() => deadline.timeRemaining() > 2), { timeout: 2_000 });
      cancelNext = () => window.cancelIdleCallback(handle);
    } else {
      const timer = window.setTimeout(() => {
        const started = performance.now();
        run(() => performance.now() - started < 8);
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
