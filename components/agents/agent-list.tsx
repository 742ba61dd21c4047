import { memo } from 'react';
import type { AgentListItem } from '@/lib/agents/agent';
import { AgentRow } from './agent-row';

interface AgentListProps {
  agents: readonly AgentListItem[];
  /** While a new search runs, the last list stays, dimmed. */
  isStale: boolean;
  /** The search the list answers (the bench reads it to know when a keystroke's result is on screen). */
  query: string;
  onEdit: (agent: AgentListItem) => void;
  onClone: (agent: AgentListItem) => void;
  onDelete: (agent: AgentListItem) => void;
}

/**
 * The agents, one row each. Memoized: a keystroke re-renders the page around it at once, and the
 * list has nothing new to show until the search answers.
 */
export const AgentList = memo(function AgentList({ agents, isStale, query, onEdit, onClone, onDelete }: AgentListProps) {
  return (
    <ul
      aria-label="Agents"
      data-agent-list=""
      data-query={query}
      aria-busy={isStale || undefined}
      className={`divide-y divide-border border-y border-border transition-opacity ${isStale ? 'opacity-60' : ''}`}
    >
      {agents.map((agent) => (
        <AgentRow key={agent.id} agent={agent} onEdit={onEdit} onClone={onClone} onDelete={onDelete} />
      ))}
    </ul>
  );
});
