'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { catalogueQueryOptions } from '@/lib/catalogue/catalogue-query';
import { filterCatalogue, indexCatalogue } from '@/lib/catalogue/filter-catalogue';
import { isAvailable } from '@/lib/catalogue/tool-summary';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { FleetHealth } from './fleet-health';
import { CatalogueFilters } from './catalogue-filters';
import { CatalogueSkeleton } from './catalogue-skeleton';
import { DiagnosticsList } from './diagnostics-list';
import { SearchStatus } from './search-status';
import { useCatalogueSearch } from './use-catalogue-search';
import { VirtualToolList } from './virtual-tool-list';

/** The catalogue page's live part: diagnostics, search, group filter and the grouped list. */
export function CatalogueView() {
  const { data, error, isPending, isFetching, refetch } = useQuery(catalogueQueryOptions);
  const search = useCatalogueSearch();
  const index = useMemo(() => indexCatalogue(data?.tools ?? []), [data]);
  const filter = useMemo(
    () => ({ query: search.deferredQuery, group: search.deferredGroup, availability: search.deferredAvailability }),
    [search.deferredQuery, search.deferredGroup, search.deferredAvailability],
  );
  const visible = useMemo(() => filterCatalogue(index, filter), [index, filter]);
  // Once per catalogue, not on every keystroke's render.
  const unavailable = useMemo(() => data?.tools.filter((tool) => !isAvailable(tool)).length ?? 0, [data]);

  useEffect(() => {
    // Read by `npm run bench`: when the list became interactive.
    performance.mark('catalogue:interactive');
  }, []);

  if (isPending) return <CatalogueSkeleton />;
  if (!data) {
    return <LoadError message={error?.message ?? 'The catalogue could not be loaded.'} isRetrying={isFetching} onRetry={() => refetch()} />;
  }
  const isFiltered = filter.query.trim() !== '' || filter.group !== '' || filter.availability !== '';
  const shown = visible.reduce((sum, group) => sum + group.tools.length, 0);

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <p className="flex-1 text-muted-foreground">
          {plural(data.tools.length, 'tool')} in {plural(index.length, 'group')}
          {unavailable > 0 && `, ${unavailable} unavailable`}.
        </p>
        <Button size="sm" onClick={() => refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden="true" className={isFetching ? 'motion-safe:animate-spin' : undefined} />
          {isFetching ? 'Refreshing…' : 'Refresh'}
        </Button>
      </div>
      <FleetHealth toolCount={data.tools.length} groupCount={index.length} unavailableCount={unavailable} problemCount={data.diagnostics.length} />
      {error && (
        <LoadError
          message={`The catalogue could not be refreshed; showing the last list. ${error.message}`}
          isRetrying={isFetching}
          onRetry={() => refetch()}
        />
      )}
      <DiagnosticsList diagnostics={data.diagnostics} />
      <CatalogueFilters
        query={search.query}
        group={search.group}
        availability={search.availability}
        onAvailabilityChange={search.setAvailability}
        groups={index}
        onQueryChange={search.setQuery}
        onGroupChange={search.setGroup}
      />
      <SearchStatus shown={shown} total={data.tools.length} filter={filter} groups={index} onClear={() => { search.setQuery(''); search.setGroup(''); search.setAvailability(''); }} />
      <div data-catalogue-list="" data-query={filter.query} data-group={filter.group} data-availability={filter.availability} data-shown={shown}>
        {shown > 0 && <VirtualToolList groups={visible} isFiltered={isFiltered} />}
      </div>
    </>
  );
}

function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en')} ${noun}${count === 1 ? '' : 's'}`;
}
