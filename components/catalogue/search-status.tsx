import { countText } from '@/lib/client/count-text';
import type { CatalogueFilter } from '@/lib/catalogue/filter-catalogue';
import type { GroupCount } from '@/lib/catalogue/first-screen';
import { Button } from '@/components/ui/button';

interface SearchStatusProps {
  shown: number;
  total: number;
  filter: CatalogueFilter;
  groups: readonly GroupCount[];
  onClear: () => void;
}

/** How many tools the search shows, announced to screen readers; says so plainly when none match. */
export function SearchStatus({ shown, total, filter, groups, onClear }: SearchStatusProps) {
  const query = filter.query.trim();
  const groupLabel = groups.find((g) => g.group === filter.group)?.label ?? `“${filter.group}” (no such group)`;
  const isFiltered = query !== '' || filter.group !== '' || Boolean(filter.availability);
  const which = filter.availability ? `${filter.availability} ` : '';
  let message = `Showing all ${countText(total)} tools.`;
  if (shown === 0) {
    message = `No ${which}tools match${query ? ` “${query}”` : ''}${filter.group ? ` in the group ${groupLabel}` : ''}.`;
  } else if (isFiltered) {
    message = `Showing ${countText(shown)} of ${countText(total)} tools${which ? ` (${filter.availability} only)` : ''}.`;
  }
  return (
    <div className="mb-3 flex min-h-8 flex-wrap items-center gap-3 text-sm">
      <p role="status" className={shown === 0 ? 'font-medium text-foreground' : 'text-muted-foreground'}>
        {message}
      </p>
      {isFiltered && (
        <Button variant="link" size="sm" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </div>
  );
}
