'use client';

import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { AgentListItem } from '@/lib/agents/agent';
import { agentListQueryOptions } from '@/lib/client-api/agents-api';
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
import { CreateAgentDialog } from './create-agent-dialog';
import { DeleteAgentDialog } from './delete-agent-dialog';
import { EditAgentDialog } from './edit-agent-dialog';
import { plural } from './plural';
import { useAgentSearch } from './use-agent-search';
import { useCan } from '@/components/auth/permissions-context';

type OpenDialog = { kind: 'none' } | { kind: 'create' } | { kind: 'edit' | 'delete'; agent: AgentListItem };

/** The agents page's live part: search, the list with its empty and error states, and the dialogs. */
export function AgentsView() {
  const canWrite = useCan('agents:write');
  const search = useAgentSearch();
  const { data, error, isFetching, refetch } = useQuery({
    ...agentListQueryOptions(search.settledQuery, search.status),
    // One quick retry, as for the catalogue: a failure shows within a second or two, with a Retry.
    retry: 1,
  });
  // The last list loaded and the search it answers: it stays on screen while a new search runs,
  // and when one fails.
  const [shown, setShown] = useState(data && { agents: data, search: search.settledQuery, status: search.status });
  if (data && (data !== shown?.agents || search.settledQuery !== shown.search || search.status !== shown.status)) {
    setShown({ agents: data, search: search.settledQuery, status: search.status });
  }
  const [dialog, setDialog] = useState<OpenDialog>({ kind: 'none' });
  const [notice, setNotice] = useState('');
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const close = () => setDialog({ kind: 'none' });
  const open = (next: OpenDialog) => {
    setNotice('');
    setDialog(next);
  };
  const openCreate = () => open({ kind: 'create' });

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

  const isSearching = !error && (!search.isSettled || shown?.search !== search.settledQuery || shown.status !== search.status);
  return (
    <>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <AgentSearchBox query={search.query} onQueryChange={search.setQuery} />
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
          <AgentsStatus count={shown.agents.length} search={shown.search} status={shown.status} isSearching={isSearching} />
          {shown.agents.length > 0 ? (
            <AgentList agents={shown.agents} isStale={isSearching} onEdit={(agent) => open({ kind: 'edit', agent })} onDelete={(agent) => open({ kind: 'delete', agent })} />
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
      {dialog.kind === 'delete' && <DeleteAgentDialog agent={dialog.agent} onClose={close} onDeleted={onDeleted} />}
    </>
  );
}
