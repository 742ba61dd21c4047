import type { ListedTool } from './assignment-card';

/** One group of the agent's tools, in name order. */
export interface AssignedGroup {
  key: string;
  label: string;
  tools: ListedTool[];
}
