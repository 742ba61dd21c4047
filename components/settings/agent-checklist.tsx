'use client';

import { Checkbox } from '@/components/ui/input';

/** One checkbox per agent, labelled by its name and id: the multi-select of a token's agents. */
export function AgentChecklist({
  agents,
  chosen,
  onChange,
  label,
}: {
  agents: readonly { id: string; name: string }[];
  chosen: readonly string[];
  onChange(chosen: string[]): void;
  /** Names the group for assistive technology. */
  label: string;
}) {
  if (agents.length === 0) return <p className="text-sm text-muted-foreground">There are no agents yet.</p>;
  return (
    <ul aria-label={label} className="flex max-h-56 flex-col gap-1 overflow-y-auto rounded-md border border-border p-2">
      {agents.map((agent) => (
        <li key={agent.id}>
          <label className="flex min-w-0 items-center gap-2 text-sm">
            <Checkbox
              name="agents"
              value={agent.id}
              checked={chosen.includes(agent.id)}
              onChange={(event) => onChange(event.target.checked ? [...chosen, agent.id] : chosen.filter((id) => id !== agent.id))}
            />
            {/* Long names and ids wrap inside the list instead of widening the page. */}
            <span className="min-w-0 wrap-anywhere">{agent.name}</span>
            <span className="min-w-0 font-mono text-xs text-muted-foreground wrap-anywhere">{agent.id}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}
