'use client';

import { countText } from '@/lib/client/count-text';
import { useEffect, useMemo } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { FleetHealth } from './fleet-health';
import { CatalogueFilters } from './catalogue-filters';
import { CatalogueSkeleton } from './catalogue-skeleton';
import { DiagnosticsList } from './diagnostics-list';
import { SearchStatus } from './search-status';
import { useCatalogueModel } from './use-catalogue-model';
import { useCatalogueSearch } from './use-catalogue-search';
import { VirtualToolList } from './virtual-tool-list';

/**
 * The catalogue page's live part: diagnostics, search, group filter and the grouped list. It
 * starts from the server's first screen of rows and takes over the whole catalogue once the
 * browser has fetched it.
 */
export function CatalogueView() {
  const search = useCatalogueSearch();
  const filter = useMemo(
    () => ({ query: search.query, group: search.group, availability: search.availability }),
    [search.query, search.group, search.availability],
  );
  const { model, summary } = useCatalogueModel(filter);
  const { error, isFetching, refetch } = summary;
  const isComplete = model?.isComplete ?? false;

  useEffect(() => {
    // Read by `npm run bench` and the tests: when every row is here and the list is live.
    if (isComplete && performance.getEntriesByName('catalogue:interactive').length === 0) performance.mark('catalogue:interactive');
  }, [isComplete]);

  if (!model) {
    if (summary.isPending) return <CatalogueSkeleton />;
    return <LoadError message={error?.message ?? 'The catalogue could not be loaded.'} isRetrying={isFetching} onRetry={() => refetch()} />;
  }
  const isFiltered = filter.query.trim() !== '' || filter.group !== '' || filter.availability !== '';
  const { toolCount, groups, unavailableCount, diagnostics, visible, shown } = model;

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <p className="flex-1 text-muted-foreground">
          {plural(toolCount, 'tool')} in {plural(groups.length, 'group')}
          {unavailableCount > 0 && `, ${unavailableCount} unavailable`}.
        </p>
        <Button size="sm" onClick={() => refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden="true" className={isFetching ? 'motion-safe:animate-spin' : undefined} />
          {isFetching && isComplete ? 'Refreshing…' : 'Refresh'}
        </Button>
      </div>
      <FleetHealth toolCount={toolCount} groupCount={groups.length} unavailableCount={unavailableCount} problemCount={diagnostics.length} />
      {error && (
        <LoadError
          message={isComplete ? `The catalogue could not be refreshed; showing the last list. ${error.message}` : error.message}
          isRetrying={isFetching}
          onRetry={() => refetch()}
        />
      )}
      <DiagnosticsList diagnostics={diagnostics} />
      <CatalogueFilters
        query={search.query}
        group={search.group}
        availability={search.availability}
        onAvailabilityChange={search.setAvailability}
        groups={groups}
        onQueryChange={search.setQuery}
        onGroupChange={search.setGroup}
      />
      {visible ? (
        <>
          <SearchStatus shown={shown} total={toolCount} filter={filter} groups={groups} onClear={() => { search.setQuery(''); search.setGroup(''); search.setAvailability(''); }} />
          <div data-catalogue-list="" data-query={filter.query} data-group={filter.group} data-availability={filter.availability} data-shown={shown}>
            {shown > 0 && <VirtualToolList groups={visible} isFiltered={isFiltered} />}
          </div>
        </>
      ) : (
        // Typed before the whole catalogue arrived: the search runs as soon as it is here.
        !error && <CatalogueSkeleton />
      )}
    </>
  );
}

function plural(count: number, noun: string): string {
  return `${countText(count)} ${noun}${count === 1 ? '' : 's'}`;
}
