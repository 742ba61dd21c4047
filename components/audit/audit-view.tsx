'use client';

import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { isProblem } from '@/lib/client-api/api-problem';
import { AUDIT_FILTER_NAMES, auditExportUrl, auditLogQueryOptions } from '@/lib/client-api/audit-api';
import { Button, buttonVariants } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { AuditEmpty } from './audit-empty';
import { AuditEventItem } from './audit-event-item';
import { AuditFiltersForm } from './audit-filters-form';
import { AuditSkeleton } from './audit-skeleton';
import { useAuditFilters, type AuditFilterName } from './use-audit-filters';

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
  const listRef = useRef<HTMLOListElement>(null);
  // A 400 names the filter at fault: shown at that field, where retrying would not help.
  const fieldErrors = isProblem(error, 400) ? filterErrors(error.errors) : {};
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;

  // Keyboard users carry on at the first event just loaded, once it is on screen.
  const focusAt = useRef<number | undefined>(undefined);
  const shownCount = events?.length ?? 0;
  useEffect(() => {
    if (focusAt.current === undefined || shownCount <= focusAt.current) return;
    listRef.current?.querySelectorAll<HTMLButtonElement>('[data-event-toggle]')[focusAt.current]?.focus();
    focusAt.current = undefined;
  }, [shownCount]);
  const loadOlder = () => {
    focusAt.current = shownCount;
    void fetchNextPage();
  };

  useEffect(() => {
    if (events !== undefined && performance.getEntriesByName('audit:interactive').length === 0) performance.mark('audit:interactive');
  }, [events]);

  return (
    <>
      <AuditFiltersForm filters={filters} errors={fieldErrors} onChange={setFilters} onClear={clear} hasFilters={hasFilters} />
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <p role="status" className="flex-1 text-sm text-muted-foreground">
          {statusText(events?.length, Boolean(hasNextPage), isUpdating)}
        </p>
        <a href={auditExportUrl(settled)} download className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
          <Download aria-hidden="true" />
          Export JSON lines
        </a>
      </div>
      {error && !isFetchingNextPage && !hasFieldErrors && (
        <LoadError
          message={`The audit log could not be ${events ? 'refreshed; showing the last events loaded' : 'loaded'}. ${error.message}`}
          isRetrying={isFetching}
          onRetry={() => refetch()}
        />
      )}
      {events === undefined && !error && <AuditSkeleton />}
      {hasFieldErrors && (
        <p role="alert" className="mb-4 rounded-md border border-destructive/40 bg-destructive-muted p-3 text-sm text-destructive">
          No events shown: a filter is not valid. Correct it or clear the filters.
        </p>
      )}
      {events !== undefined && events.length === 0 && !isUpdating && <AuditEmpty hasFilters={hasFilters} onClearFilters={clear} />}
      {events !== undefined && events.length > 0 && (
        <ol ref={listRef} aria-label="Audit events, newest first" aria-busy={isUpdating} className={isUpdating ? 'space-y-2 opacity-60' : 'space-y-2'}>
          {events.map((event) => (
            <AuditEventItem key={event.id} event={event} />
          ))}
        </ol>
      )}
      {hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button onClick={loadOlder} disabled={isFetchingNextPage || isUpdating}>
            {isFetchingNextPage ? 'Loading older events…' : 'Load older events'}
          </Button>
        </div>
      )}
    </>
  );
}

function filterErrors(errors: readonly { pointer: string; message: string }[]): Partial<Record<AuditFilterName, string>> {
  const names: readonly string[] = AUDIT_FILTER_NAMES;
  return Object.fromEntries(errors.map((error) => [error.pointer.slice(1), error.message]).filter(([name]) => names.includes(name!)));
}

function statusText(count: number | undefined, hasMore: boolean, isUpdating: boolean): string {
  if (count === undefined) return 'Loading the audit log…';
  if (isUpdating) return 'Filtering…';
  if (count === 0) return '';
  const shown = `${count.toLocaleString('en')} ${count === 1 ? 'event' : 'events'} shown, newest first`;
  return hasMore ? `${shown}; older events follow.` : `${shown}; that is all of them.`;
}
