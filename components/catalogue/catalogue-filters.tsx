import { useId } from 'react';
import type { IndexedGroup } from '@/lib/catalogue/filter-catalogue';

interface CatalogueFiltersProps {
  query: string;
  group: string;
  groups: readonly IndexedGroup[];
  onQueryChange: (query: string) => void;
  onGroupChange: (group: string) => void;
}

const field = 'rounded-md border border-slate-400 bg-white px-3 py-2 text-sm focus:border-blue-600 focus:outline-2 focus:outline-blue-600';

/** The search box and the group filter above the list. */
export function CatalogueFilters({ query, group, groups, onQueryChange, onGroupChange }: CatalogueFiltersProps) {
  const id = useId();
  // A group from an old or mistyped link: shown as chosen, so the empty list below is explained.
  const isUnknownGroup = group !== '' && !groups.some((g) => g.group === group);
  return (
    <form role="search" aria-label="Tools" className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={(event) => event.preventDefault()}>
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor={`${id}-q`} className="text-sm font-medium">
          Search tools
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          placeholder="Name, description or group"
          autoComplete="off"
          spellCheck={false}
          className={field}
        />
      </div>
      <div className="flex flex-col gap-1 sm:w-64">
        <label htmlFor={`${id}-group`} className="text-sm font-medium">
          Group
        </label>
        <select id={`${id}-group`} value={group} onChange={(event) => onGroupChange(event.target.value)} className={field}>
          <option value="">All groups</option>
          {isUnknownGroup && <option value={group}>{group} (no such group)</option>}
          {groups.map(({ group: name, label, tools }) => (
            <option key={name} value={name}>
              {label} ({tools.length})
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
