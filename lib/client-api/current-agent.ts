import type { Agent } from '@/lib/agents/agent';
import { isProblem } from './api-problem';

/** The agent as it is now, from a 412 answer's `current`; undefined when the error carries none. */
export function currentAgentOf(error: unknown): Agent | undefined {
  if (!isProblem(error, 412)) return undefined;
  const current = error.current;
  if (typeof current !== 'object' || current === null) return undefined;
  const { id, name, description, version, createdAt, updatedAt } = current as Record<string, unknown>;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof description !== 'string' || typeof version !== 'number') return undefined;
  if (typeof createdAt !== 'string' || typeof updatedAt !== 'string') return undefined;
  return { id, name, description, version, createdAt, updatedAt };
}
