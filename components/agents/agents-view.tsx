'use client';

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { AgentListItem, AgentStatusFilter } from '@/lib/agents/agent';
import { agentPageQueryOptions, type AgentPageData } from '@/lib/client-api/agents-api';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { AgentList } from './agent-list';
import { AgentSearchBox } from './agent-search-box';
import { AgentStatusSelect } from './agent-status-select';
import { AgentsEmpty } from './agents-empty';
import { AgentsSkeleton } from './agents-skeleton';
import { AgentsStatus } from './agents-status';
import { AgentsPager } from './agents-pager';
import { CloneAgentDialog } from './clone-agent-dialog';
import { CreateAgentDialog } from './create-agent-dialog';
import { DeleteAgentDialog } from './delete-agent-dialog';
import { EditAgentDialog } from './edit-agent-dialog';
import { plural } from './plural';
import { useAgentSearch } from './use-agent-search';
import { useCan } from '@/components/auth/permissions-context';
import { useDebouncedValue } from '@/components/ui/use-debounced-value';

/** The page on screen and the search, filter and page number it answers. */
interface Shown {
  page: AgentPageData;
  search: string;
  status: AgentStatusFilter | '';
  pageIndex: number;
}

/**
 * How long a search runs before the list dims and the status says "Searching…". Most answer in a
 * few tens of milliseconds: dimming at each keystroke would flash, and repaint the whole list
 * while the answer is on its way.
 */
const SLOW_SEARCH_MS = 300;

type OpenDialog = { kind: 'none' } | { kind: 'create' } | { kind: 'edit' | 'delete' | 'clone'; agent: AgentListItem };

/** The agents page's live part: search, the list with its empty and error states, and the dialogs. */
export function AgentsView() {
  const canWrite = useCan('agents:write');
  const search = useAgentSearch();
  const queryClient = useQueryClient();
  const { data, error, isFetching, isPlaceholderData, refetch } = useQuery({
    ...agentPageQueryOptions(search.settledQuery, search.status, search.page),
    // The page on screen stays while the next keystroke's page loads: no flash of a skeleton.
    placeholderData: keepPreviousData,
    // One quick retry, as for the catalogue: a failure shows within a second or two, with a Retry.
    retry: 1,
  });
  // The last page loaded and the search it answers: it stays on screen while a new search runs,
  // and when one fails.
  const [shown, setShown] = useState<Shown | undefined>(data && { page: data, search: search.settledQuery, status: search.status, pageIndex: search.page });
  if (data && !isPlaceholderData && (data !== shown?.page || search.settledQuery !== shown.search || search.status !== shown.status || search.page !== shown.pageIndex)) {
    setShown({ page: data, search: search.settledQuery, status: search.status, pageIndex: search.page });
  }
  const hasList = shown !== undefined;
  useEffect(() => {
    // Navigation start to a hydrated list, for `npm run bench` (as the catalogue's mark).
    if (hasList && performance.getEntriesByName('agents:interactive').length === 0) performance.mark('agents:interactive');
  }, [hasList]);
  const [dialog, setDialog] = useState<OpenDialog>({ kind: 'none' });
  const [notice, setNotice] = useState('');
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const close = () => setDialog({ kind: 'none' });
  // Stable, so the memoized rows skip the re-render that only dims the list while a search runs.
  const open = useCallback((next: OpenDialog) => {
    setNotice('');
    setDialog(next);
  }, []);
  const openCreate = () => open({ kind: 'create' });
  const openEdit = useCallback((agent: AgentListItem) => open({ kind: 'edit', agent }), [open]);
  const openClone = useCallback((agent: AgentListItem) => open({ kind: 'clone', agent }), [open]);
  const openDelete = useCallback((agent: AgentListItem) => open({ kind: 'delete', agent }), [open]);

  const onSaved = (name: string) => {
    close();
    toast.success(`Saved agent “${name}”.`);
  };
  const onDeleted = (name: string, deletedAssignments: number) => {
    // Its row, and the Delete button that opened the dialog, are gone: focus goes to the news.
    flushSync(() => {
      close();
      setNotice(`Deleted agent “${name}”${deletedAssignments === 0 ? '' : ` and its ${plural(deletedAssignments, 'assigned tool')}`}.`);
    });
    noticeRef.current?.focus();
  };

  const isSearching = !error && (shown?.search !== search.settledQuery || shown.status !== search.status || shown.pageIndex !== search.page);
  const isSlowSearch = useDebouncedValue(isSearching, SLOW_SEARCH_MS) && isSearching;
  const onQueryChange = (value: string) => {
    // The request leaves before React renders the keystroke; the list's query then finds it under way.
    void queryClient.prefetchQuery(agentPageQueryOptions(value, search.status, 0));
    search.setQuery(value);
  };
  return (
    <>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <AgentSearchBox query={search.query} onQueryChange={onQueryChange} />
        <AgentStatusSelect status={search.status} onStatusChange={search.setStatus} />
        {canWrite && (
          <Button variant="primary" onClick={openCreate}>
            <Plus aria-hidden="true" />
            New agent
          </Button>
        )}
      </div>
      <p ref={noticeRef} tabIndex={-1} role="status" className="text-sm font-medium text-success focus:outline-none [&:not(:empty)]:mb-3">
        {notice}
      </p>
      {error && (
        <LoadError
          message={`The agents could not be ${shown ? 'refreshed; showing the last list' : 'loaded'}. ${error.message}`}
          isRetrying={isFetching}
          onRetry={() => refetch()}
        />
      )}
      {!shown && !error && <AgentsSkeleton />}
      {shown && (
        <>
          <AgentsStatus count={shown.page.total} search={shown.search} status={shown.status} isSearching={isSlowSearch} />
          {shown.page.agents.length > 0 ? (
            <>
              <AgentList agents={shown.page.agents} isStale={isSlowSearch} query={shown.search} onEdit={openEdit} onClone={openClone} onDelete={openDelete} />
              <AgentsPager page={shown.pageIndex} shownCount={shown.page.agents.length} total={shown.page.total} onPageChange={search.setPage} />
            </>
          ) : (
            !isSearching && (
              <AgentsEmpty
                search={shown.search}
                status={shown.status}
                onCreate={openCreate}
                onClearSearch={() => {
                  search.setQuery('');
                  search.setStatus('');
                }}
              />
            )
          )}
        </>
      )}
      <CreateAgentDialog open={dialog.kind === 'create'} onClose={close} />
      {dialog.kind === 'edit' && <EditAgentDialog agent={dialog.agent} onClose={close} onSaved={onSaved} />}
      {dialog.kind === 'clone' && <CloneAgentDialog agent={dialog.agent} onClose={close} />}
      {dialog.kind === 'delete' && <DeleteAgentDialog agent={dialog.agent} onClose={close} onDeleted={onDeleted} />}
    </>
  );
}
