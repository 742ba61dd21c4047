/** Adds work to run before the process exits. */
export function onBeforeExit(work: () => Promise<void>): void;
/** Runs every registered piece of work, waiting at most `ms` for all of it. */
export function runBeforeExit(ms: number): Promise<void>;
