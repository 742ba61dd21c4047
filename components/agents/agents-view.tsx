'use client';

import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { AgentListItem } from '@/lib/agents/agent';
import { agentListQueryOptions } from '@/lib/client-api/agents-api';
import { LoadError } from '@/components/ui/load-error';
import { AgentList } from './agent-list';
import { AgentSearchBox } from './agent-search-box';
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
    ...agentListQueryOptions(search.settledQuery),
    // One quick retry, as for the catalogue: a failure shows within a second or two, with a Retry.
    retry: 1,
  });
  // The last list loaded and the search it answers: it stays on screen while a new search runs,
  // and when one fails.
  const [shown, setShown] = useState(data && { agents: data, search: search.settledQuery });
  if (data && (data !== shown?.agents || search.settledQuery !== shown.search)) setShown({ agents: data, search: search.settledQuery });
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
    setNotice(`Saved agent “${name}”.`);
  };
  const onDeleted = (name: string, deletedAssignments: number) => {
    // Its row, and the Delete button that opened the dialog, are gone: focus goes to the news.
    flushSync(() => {
      close();
      setNotice(`Deleted agent “${name}”${deletedAssignments === 0 ? '' : ` and its ${plural(deletedAssignments, 'assigned tool')}`}.`);
    });
    noticeRef.current?.focus();
  };

  const isSearching = !error && (!search.isSettled || shown?.search !== search.settledQuery);
  return (
    <>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <AgentSearchBox query={search.query} onQueryChange={search.setQuery} />
        {canWrite && (
          <button type="button" onClick={openCreate} className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">
            New agent
          </button>
        )}
      </div>
      <p ref={noticeRef} tabIndex={-1} role="status" className="text-sm font-medium text-green-800 focus:outline-none [&:not(:empty)]:mb-3">
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
          <AgentsStatus count={shown.agents.length} search={shown.search} isSearching={isSearching} />
          {shown.agents.length > 0 ? (
            <AgentList agents={shown.agents} isStale={isSearching} onEdit={(agent) => open({ kind: 'edit', agent })} onDelete={(agent) => open({ kind: 'delete', agent })} />
          ) : (
            !isSearching && <AgentsEmpty search={shown.search} onCreate={openCreate} onClearSearch={() => search.setQuery('')} />
          )}
        </>
      )}
      <CreateAgentDialog open={dialog.kind === 'create'} onClose={close} />
      {dialog.kind === 'edit' && <EditAgentDialog agent={dialog.agent} onClose={close} onSaved={onSaved} />}
      {dialog.kind === 'delete' && <DeleteAgentDialog agent={dialog.agent} onClose={close} onDeleted={onDeleted} />}
    </>
  );
}
