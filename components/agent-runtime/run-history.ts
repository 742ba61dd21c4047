/** One run of a tool from the Try it panel, kept in this browser. */
export interface TryRun {
  toolName: string;
  arguments: Record<string, unknown>;
  /** ISO 8601. */
  at: string;
  isOk: boolean;
  durationMs?: number;
}

/** How many runs are kept per agent. */
export const MAX_RUNS = 20;

/** The window event that tells this tab's panels the runs changed (`storage` only fires in other tabs). */
export const RUNS_CHANGED = 'tools-admin:try-it-runs';

/** Where the agent's runs are kept in localStorage. */
export function runsKey(agentId: string): string {
  return `tools-admin:try-it:${agentId}`;
}

/** The runs in a stored text; empty for anything else. */
export function parseRuns(text: string): TryRun[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value.filter((run) => typeof run?.toolName === 'string' && typeof run?.arguments === 'object' && run.arguments !== null) as TryRun[]) : [];
  } catch {
    return [];
  }
}

/** Adds a run at the front and keeps the newest {@link MAX_RUNS}. */
export function saveRun(agentId: string, run: TryRun): void {
  try {
    const runs = [run, ...parseRuns(window.localStorage.getItem(runsKey(agentId)) ?? '[]')].slice(0, MAX_RUNS);
    window.localStorage.setItem(runsKey(agentId), JSON.stringify(runs));
    window.dispatchEvent(new Event(RUNS_CHANGED));
  } catch {
    // A full or disabled storage only loses the history, never the run.
  }
}
