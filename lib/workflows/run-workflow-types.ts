/** Which settings a step ran with: the agent's own assignment of the tool, or the tool's defaults. */
export type StepSettings = 'assigned' | 'defaults';

/** One step of a run, as the dry run shows it. */
export interface StepTrace {
  id: string;
  tool: string;
  /** The arguments after templates were filled in; absent when filling them failed. */
  arguments?: Record<string, unknown>;
  settings?: StepSettings;
  result?: string;
  error?: string;
}

/** A whole run: every step that ran, and the output or the failure. */
export interface WorkflowRun {
  ok: boolean;
  steps: StepTrace[];
  output?: string;
  /** Which step failed and why, naming it. */
  error?: string;
  failedStep?: string;
}
