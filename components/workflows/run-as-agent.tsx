'use client';

import { useQueries } from '@tanstack/react-query';
import { Select } from '@/components/ui/input';
import { apiFetch } from '@/lib/client-api/api-fetch';
import type { ToolUser } from '@/lib/client-api/fleet-api';

// Enough for a choice in a list; the API's most per page.
const MAX_AGENTS = 500;

interface RunAsAgentProps {
  id: string;
  /** The steps' tools: offered are the agents that have every one of them assigned. */
  tools: readonly string[];
  value: string;
  onChange: (agentId: string) => void;
}

/**
 * "Run as agent": a choice of the agents that have every tool of the steps assigned, whose
 * settings the dry run then uses; or none, for the tools' defaults.
 */
export function RunAsAgent({ id, tools, value, onChange }: RunAsAgentProps) {
  const distinct = [...new Set(tools.filter((tool) => tool !== ''))];
  const users = useQueries({
    queries: distinct.map((tool) => ({
      queryKey: ['agents', 'tool-users', tool, 'all'],
      queryFn: async () => (await apiFetch<{ agents: ToolUser[] }>(`/api/v1/tools/${encodeURIComponent(tool)}/agents?limit=${MAX_AGENTS}`)).data.agents,
    })),
  });
  const isLoading = users.some((query) => query.isPending);
  const lists = users.map((query) => query.data ?? []);
  const [first, ...rest] = lists;
  const agents = distinct.length === 0 ? [] : (first ?? []).filter((agent) => rest.every((list) => list.some((other) => other.agentId === agent.agentId)));
  const helpId = `${id}-help`;
  return (
    <div className="mb-3 flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Run as agent
      </label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)} className="w-full max-w-md" aria-describedby={helpId}>
        <option value="">No agent: the tools&apos; default settings</option>
        {agents.map((agent) => (
          <option key={agent.agentId} value={agent.agentId}>
            {agent.agentName} ({agent.agentId})
          </option>
        ))}
        {value !== '' && !agents.some((agent) => agent.agentId === value) && <option value={value}>{value}</option>}
      </Select>
      <p id={helpId} className="text-xs text-muted-foreground">
        {isLoading
          ? 'Looking for agents that have the steps’ tools…'
          : distinct.length === 0
            ? 'Choose the steps’ tools first; then the agents that have all of them are offered.'
            : `${agents.length} ${agents.length === 1 ? 'agent has' : 'agents have'} every tool of the steps; the run uses that agent’s settings for them.`}
      </p>
    </div>
  );
}
