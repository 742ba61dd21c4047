import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Db } from '@/lib/db/schema';
import type { AgentSet } from './actor';
import { MAX_TOKEN_AGENTS } from './token-limits';

/** A token's agents as the API reads and answers them: `"all"`, or the agent ids. */
export type TokenAgents = 'all' | string[];

/** Every agent, as a token's agent set. */
export const ALL_AGENTS: AgentSet = Object.freeze({ all: true });

/** The agent set stored in `api_tokens.agents`; anything unreadable reaches no agent (fails closed). */
export function parseStoredAgents(text: string): AgentSet {
  if (text === 'all') return ALL_AGENTS;
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value)) return Object.freeze({ all: false, ids: Object.freeze(value.filter((id): id is string => typeof id === 'string')) });
  } catch {
    // Falls through to the empty set.
  }
  return Object.freeze({ all: false, ids: Object.freeze([]) });
}

/** How an agent set is stored. */
export function storedAgents(set: AgentSet): string {
  return set.all ? 'all' : JSON.stringify(set.ids);
}

/** How an agent set is answered. */
export function answeredAgents(set: AgentSet): TokenAgents {
  return set.all ? 'all' : [...set.ids];
}

/**
 * The agent set named by a request: `"all"`, or a non-empty list of existing agents' ids
 * (repeats dropped). AppError `invalid` pointing at `/agents` or at the unknown id.
 */
export async function resolveAgentSet(db: Db, agents: unknown): Promise<AgentSet> {
  if (agents === 'all') return ALL_AGENTS;
  if (!Array.isArray(agents) || agents.length === 0 || agents.length > MAX_TOKEN_AGENTS || !agents.every((id) => typeof id === 'string')) {
    const message = `Choose "all", or a list of 1 to ${MAX_TOKEN_AGENTS} agent ids`;
    throw new AppError('invalid', message, { errors: [{ pointer: '/agents', message }] });
  }
  const ids = [...new Set(agents as string[])];
  const found = new Set((await db.selectFrom('agents').select('id').where('id', 'in', ids).execute()).map((row) => row.id));
  const errors = (agents as string[]).flatMap((id, index) => (found.has(id) ? [] : [{ pointer: `/agents/${index}`, message: `There is no agent "${id}"` }]));
  if (errors.length > 0) throw new AppError('invalid', (errors.length === 1 ? errors[0]?.message : undefined) ?? 'Some of these agents do not exist', { errors });
  return Object.freeze({ all: false, ids: Object.freeze(ids) });
}

/** Whether `narrower` reaches no agent that `wider` does not. */
export function isWithin(narrower: AgentSet, wider: AgentSet): boolean {
  if (wider.all) return true;
  return !narrower.all && narrower.ids.every((id) => wider.ids.includes(id));
}
