import type { FieldError } from '@/lib/app-error';

/** One tool as the agent's model receives it, built with the agent's overrides. */
export interface EffectiveTool {
  /** The name the model sees: the registry name unless a policy layer shows it under another. */
  name: string;
  /** The registry name, the key of the assignment and of calls. */
  toolName: string;
  description: string;
  parametersSchema: Record<string, unknown>;
  group: string;
  streamsResultToUser: boolean;
}

/** An assigned tool that is not sent to the model, and why. */
export interface LeftOutTool {
  toolName: string;
  status: 'missing' | 'unavailable' | 'invalid';
  reason: string;
  /** What is wrong with the stored overrides; with `invalid` only. */
  errors?: FieldError[];
}

/** The agent's effective tools and the assigned tools left out. */
export interface EffectiveToolSet {
  tools: EffectiveTool[];
  leftOut: LeftOutTool[];
}
