/** The app's root folder. */
export const root: string;
/** Path of Next's CLI entry. */
export const nextBin: string;
/** Runs `next build` if the build is missing or stale; exits the process when the build fails. */
export function buildIfStale(env?: NodeJS.ProcessEnv): void;
