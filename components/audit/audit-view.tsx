'use client';

import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useEffect } from 'react';
import { auditExportUrl, auditLogQueryOptions } from '@/lib/client-api/audit-api';
import { Button, buttonVariants } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { AuditEmpty } from './audit-empty';
import { AuditEventItem } from './audit-event-item';
import { AuditFiltersForm } from './audit-filters-form';
import { AuditSkeleton } from './audit-skeleton';
import { useAuditFilters } from './use-audit-filters';

/** The audit page's live part: filters in the URL, the events newest first, "Load more" and the export. */
export function AuditView() {
  const { filters, setFilters, settled, isSettled, clear, hasFilters } = useAuditFilters();
  const { data, error, isFetching, isFetchingNextPage, isPlaceholderData, hasNextPage, fetchNextPage, refetch } = useInfiniteQuery({
    ...auditLogQueryOptions(settled),
    // The last list stays on screen, dimmed, while a new filter loads.
    placeholderData: keepPreviousData,
    retry: 1,
  });
  const events = data?.pages.flatMap((page) => page.events);
  const isUpdating = !isSettled || (isPlaceholderData && isFetching);

  useEffect(() => {
    if (events !== undefined && performance.getEntriesByName('audit:interactive').length === 0) performance.mark('audit:interactive');
  }, [events]);

  return (
    <>
      <AuditFiltersForm filters={filters} onChange={setFilters} onClear={clear} hasFilters={hasFilters} />
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <p role="status" className="flex-1 text-sm text-muted-foreground">
          {statusText(events?.length, Boolean(hasNextPage), isUpdating)}
        </p>
        <a href={auditExportUrl(settled)} download className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
          <Download aria-hidden="true" />
          Export JSON lines
        </a>
      </div>
      {error && !isFetchingNextPage && (
        <LoadError
          message={`The audit log could not be ${events ? 'refreshed; showing the last events loaded' : 'loaded'}. ${error.message}`}
          isRetrying={isFetching}
          onRetry={() => refetch()}
        />
      )}
      {events === undefined && !error && <AuditSkeleton />}
      {events !== undefined && events.length === 0 && !isUpdating && <AuditEmpty hasFilters={hasFilters} onClearFilters={clear} />}
      {events !== undefined && events.length > 0 && (
        <ol aria-label="Audit events, newest first" aria-busy={isUpdating} className={isUpdating ? 'space-y-2 opacity-60' : 'space-y-2'}>
          {events.map((event) => (
            <AuditEventItem key={event.id} event={event} />
          ))}
        </ol>
      )}
      {hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button onClick={() => fetchNextPage()} disabled={isFetchingNextPage || isUpdating}>
            {isFetchingNextPage ? 'Loading older events…' : 'Load older events'}
          </Button>
        </div>
      )}
    </>
  );
}

function statusText(count: number | undefined, hasMore: boolean, isUpdating: boolean): string {
  if (count === undefined) return 'Loading the audit log…';
  if (isUpdating) return 'Filtering…';
  if (count === 0) return '';
  const shown = `${count.toLocaleString('en')} ${count === 1 ? 'event' : 'events'} shown, newest first`;
  return hasMore ? `${shown}; older events follow.` : `${shown}; that is all of them.`;
}
