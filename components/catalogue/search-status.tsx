import type { CatalogueFilter, IndexedGroup } from '@/lib/catalogue/filter-catalogue';

interface SearchStatusProps {
  shown: number;
  total: number;
  filter: CatalogueFilter;
  groups: readonly IndexedGroup[];
  onClear: () => void;
}

/** How many tools the search shows, announced to screen readers; says so plainly when none match. */
export function SearchStatus({ shown, total, filter, groups, onClear }: SearchStatusProps) {
  const query = filter.query.trim();
  const groupLabel = groups.find((g) => g.group === filter.group)?.label ?? `“${filter.group}” (no such group)`;
  const isFiltered = query !== '' || filter.group !== '';
  let message = `Showing all ${total.toLocaleString('en')} tools.`;
  if (shown === 0) {
    message = `No tools match${query ? ` “${query}”` : ''}${filter.group ? ` in the group ${groupLabel}` : ''}.`;
  } else if (isFiltered) {
    message = `Showing ${shown.toLocaleString('en')} of ${total.toLocaleString('en')} tools.`;
  }
  return (
    <div className="mb-3 flex min-h-8 flex-wrap items-center gap-3 text-sm">
      <p role="status" className={shown === 0 ? 'font-medium text-slate-900' : 'text-slate-600'}>
        {message}
      </p>
      {isFiltered && (
        <button type="button" onClick={onClear} className="rounded px-2 py-1 text-blue-800 underline hover:bg-slate-100">
          Clear filters
        </button>
      )}
    </div>
  );
}
