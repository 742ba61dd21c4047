import { useId } from 'react';
import type { AgentStatusFilter } from '@/lib/agents/agent';
import { Select } from '@/components/ui/input';

/** How a list filtered by status describes its agents ("3 agents with missing tools"). */
export const STATUS_FILTER_TEXT: Record<AgentStatusFilter, string> = {
  attention: 'needing attention',
  missing: 'with missing tools',
  invalid: 'with invalid settings',
  unavailable: 'with unavailable tools',
  changed: 'with tools changed upstream',
};

const OPTIONS: { value: AgentStatusFilter | ''; label: string }[] = [
  { value: '', label: 'All agents' },
  { value: 'attention', label: 'Needing attention' },
  { value: 'missing', label: 'With missing tools' },
  { value: 'invalid', label: 'With invalid settings' },
  { value: 'unavailable', label: 'With unavailable tools' },
  { value: 'changed', label: 'With tools changed upstream' },
];

/** The labelled filter of the agents list by their assignments' status. */
export function AgentStatusSelect({ status, onStatusChange }: { status: AgentStatusFilter | ''; onStatusChange: (status: AgentStatusFilter | '') => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 sm:w-56">
      <label htmlFor={id} className="text-sm font-medium">
        Show
      </label>
      <Select id={id} value={status} onChange={(event) => onStatusChange(OPTIONS.find((option) => option.value === event.target.value)?.value ?? '')} className="py-2">
        {OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
