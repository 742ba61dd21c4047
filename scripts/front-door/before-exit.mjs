// Work the app must finish before the server process exits (audit events waiting to be
// written). The app registers it from inside Next (instrumentation-node.ts); scripts/server.mjs
// runs it on SIGTERM/SIGINT once it stopped taking requests. Kept on globalThis, so both sides,
// bundled apart, share it.
const KEY = Symbol.for('tools-admin.before-exit');

/** Adds work to run before the process exits. */
export function onBeforeExit(work) {
  globalThis[KEY] ??= new Set();
  globalThis[KEY].add(work);
}

/** Runs every registered piece of work, waiting at most `ms` for all of it. */
export async function runBeforeExit(ms) {
  const work = [...(globalThis[KEY] ?? [])];
  let timer;
  const deadline = new Promise((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled(work.map((run) => run())), deadline]);
  clearTimeout(timer);
}
