// @ts-check
// Work the app must finish before the server process exits (audit events waiting to be
// written). The app registers it from inside Next (instrumentation-node.ts); scripts/server.mjs
// runs it on SIGTERM/SIGINT once it stopped taking requests. Held on globalThis, so both sides,
// bundled apart, share it.
const KEY = Symbol.for('tools-admin.before-exit');

/** @returns {Set<() => Promise<void>>} */
function registered() {
  const holder = /** @type {{ [KEY]?: Set<() => Promise<void>> }} */ (globalThis);
  holder[KEY] ??= new Set();
  return holder[KEY];
}

/**
 * Adds work to run before the process exits.
 * @param {() => Promise<void>} work
 */
export function onBeforeExit(work) {
  registered().add(work);
}

/**
 * Runs every registered piece of work, waiting at most `ms` for all of it.
 * @param {number} ms
 */
export async function runBeforeExit(ms) {
  const work = [...registered()];
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const deadline = new Promise((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled(work.map((run) => run())), deadline]);
  clearTimeout(timer);
}
