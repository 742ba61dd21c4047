import { memo, useId } from 'react';
import type { AvailabilityFilter } from '@/lib/catalogue/filter-catalogue';
import type { GroupCount } from '@/lib/catalogue/first-screen';
import { Input, Select } from '@/components/ui/input';

interface CatalogueFiltersProps {
  query: string;
  group: string;
  availability: AvailabilityFilter;
  groups: readonly GroupCount[];
  onQueryChange: (query: string) => void;
  onGroupChange: (group: string) => void;
  onAvailabilityChange: (availability: AvailabilityFilter) => void;
}

/** The search box, the group filter and the availability filter above the list. */
export function CatalogueFilters({ query, group, availability, groups, onQueryChange, onGroupChange, onAvailabilityChange }: CatalogueFiltersProps) {
  const id = useId();
  // A group from an old or mistyped link: shown as chosen, so the empty list below is explained.
  const isUnknownGroup = group !== '' && !groups.some((g) => g.group === group);
  return (
    <form role="search" aria-label="Tools" className="mb-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end" onSubmit={(event) => event.preventDefault()}>
      <div className="flex flex-col gap-1 sm:min-w-64 sm:flex-1">
        <label htmlFor={`${id}-q`} className="text-sm font-medium">
          Search tools
        </label>
        <Input
          id={`${id}-q`}
          type="search"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          placeholder="Name, description, group or reason"
          autoComplete="off"
          spellCheck={false}
          className="py-2"
        />
      </div>
      <div className="flex flex-col gap-1 sm:w-56">
        <label htmlFor="catalogue-group-filter" className="text-sm font-medium">
          Group
        </label>
        <Select id="catalogue-group-filter" value={group} onChange={(event) => onGroupChange(event.target.value)} className="py-2">
          <option value="">All groups</option>
          {isUnknownGroup && <option value={group}>{group} (no such group)</option>}
          <GroupOptions groups={groups} />
        </Select>
      </div>
      <div className="flex flex-col gap-1 sm:w-44">
        <label htmlFor={`${id}-availability`} className="text-sm font-medium">
          Availability
        </label>
        <Select
          id={`${id}-availability`}
          value={availability}
          onChange={(event) => onAvailabilityChange(event.target.value === 'available' || event.target.value === 'unavailable' ? event.target.value : '')}
          className="py-2"
        >
          <option value="">All tools</option>
          <option value="available">Available</option>
          <option value="unavailable">Unavailable</option>
        </Select>
      </div>
    </form>
  );
}

// One option per group: the same while the admin types, so a keystroke does not redraw fifty of them.
const GroupOptions = memo(function GroupOptions({ groups }: { groups: readonly GroupCount[] }) {
  return groups.map(({ group, label, total }) => (
    <option key={group} value={group}>
      {label} ({total})
    </option>
  ));
});
