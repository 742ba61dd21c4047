'use client';

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { toast } from 'sonner';
import { isProblem } from '@/lib/client-api/api-problem';
import { bulkAssignTool, TOOL_USERS_PAGE_SIZE, toolUsersQueryOptions } from '@/lib/client-api/fleet-api';
import { useCan } from '@/components/auth/permissions-context';
import { StatusBadge } from '@/components/agent-detail/status-badge';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Checkbox } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { SettingsView } from '@/components/ui/settings-view';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { AddToAgentsDialog } from './add-to-agents-dialog';
import { ChangeSettingDialog } from './change-setting-dialog';
import { useChosenAgents } from './use-chosen-agents';

interface ToolUsersProps {
  toolName: string;
  overridesSchema: Record<string, unknown>;
  hasSettings: boolean;
}

/** "Used by N agents" on a tool's page: the agents with their settings, paged, and changes to many of them at once. */
export function ToolUsers({ toolName, overridesSchema, hasSettings }: ToolUsersProps) {
  const canWrite = useCan('agents:write');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const { chosen, ids, toggle, clear } = useChosenAgents();
  const [dialog, setDialog] = useState<'none' | 'add' | 'set'>('none');
  const [notice, setNotice] = useState('');
  const { confirm, dialog: confirmDialog } = useConfirm();
  const users = useQuery({ ...toolUsersQueryOptions(toolName, page), placeholderData: keepPreviousData });
  const total = users.data?.total;
  const pageCount = Math.max(1, Math.ceil((total ?? 0) / TOOL_USERS_PAGE_SIZE));

  const done = async (message: string) => {
    setDialog('none');
    clear();
    setNotice(message);
    await queryClient.invalidateQueries({ queryKey: ['agents'] });
  };
  const remove = async () => {
    const isSure = await confirm({
      title: `Remove ${toolName} from ${ids.length} ${ids.length === 1 ? 'agent' : 'agents'}?`,
      description: 'They can no longer call it, and their settings for it are deleted.',
      confirmLabel: 'Remove',
      isDestructive: true,
    });
    if (!isSure) return;
    try {
      const results = await bulkAssignTool(toolName, ids, { operation: 'remove' });
      await done(`Removed ${toolName} from ${results.length} ${results.length === 1 ? 'agent' : 'agents'}.`);
    } catch (error) {
      const details = isProblem(error) ? error.errors.map((field) => field.message).join(' ') : '';
      toast.error(`${error instanceof Error ? error.message : String(error)} ${details}`.trim());
    }
  };

  return (
    <section aria-labelledby="tool-users-heading" className="mb-8">
      <h2 id="tool-users-heading" className="mb-2 text-lg font-semibold">
        {total === undefined ? 'Used by …' : `Used by ${total.toLocaleString('en')} ${total === 1 ? 'agent' : 'agents'}`}
      </h2>
      <p role="status" className="mb-2 text-sm text-success">
        {notice}
      </p>
      {canWrite && (
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <Button onClick={() => setDialog('add')}>Add to agents…</Button>
          {hasSettings && (
            <Button disabled={ids.length === 0} onClick={() => setDialog('set')}>
              Change a setting on chosen…
            </Button>
          )}
          <Button disabled={ids.length === 0} className="text-destructive" onClick={() => void remove()}>
            Remove from chosen
          </Button>
          <span className="text-sm text-muted-foreground">{ids.length === 0 ? 'Choose agents below.' : `${ids.length} chosen.`}</span>
        </div>
      )}
      {users.isError && <LoadError message={`The agents using ${toolName} could not be loaded. ${users.error.message}`} isRetrying={users.isFetching} onRetry={() => void users.refetch()} />}
      {!users.data && !users.isError && <Skeleton className="h-24" />}
      {users.data && users.data.agents.length === 0 && <p className="text-sm text-muted-foreground">No agent has this tool yet.</p>}
      {users.data && users.data.agents.length > 0 && (
        <Table aria-label={`Agents using ${toolName}`} aria-busy={users.isPlaceholderData || undefined}>
          <TableHeader>
            <TableRow>
              {canWrite && <TableHead className="w-8"><span className="sr-only">Chosen</span></TableHead>}
              <TableHead>Agent</TableHead>
              <TableHead>Settings</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {users.data.agents.map((user) => (
              <TableRow key={user.agentId}>
                {canWrite && (
                  <TableCell>
                    <Checkbox aria-label={`Choose ${user.agentName}`} checked={chosen.has(user.agentId)} onChange={(event) => toggle(user.agentId, event.target.checked)} />
                  </TableCell>
                )}
                <TableCell>
                  <Link href={`/agents/${encodeURIComponent(user.agentId)}`} className="text-link underline-offset-2 hover:underline">
                    {user.agentName}
                  </Link>{' '}
                  <code className="text-xs text-muted-foreground">{user.agentId}</code>
                </TableCell>
                <TableCell className="min-w-0">
                  <SettingsView value={user.assignment.overrides} schema={overridesSchema} label={`Settings of ${user.agentName}`} />
                </TableCell>
                <TableCell>
                  <StatusBadge status={user.assignment.status} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {pageCount > 1 && (
        <nav aria-label="Pages of agents using this tool" className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
          <Button size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page + 1} of {pageCount}
          </span>
          <Button size="sm" disabled={page + 1 >= pageCount} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
      {dialog === 'set' && <ChangeSettingDialog toolName={toolName} schema={overridesSchema} agentIds={ids} onClose={() => setDialog('none')} onDone={(message) => void done(message)} />}
      {dialog === 'add' && <AddToAgentsDialog toolName={toolName} schema={overridesSchema} onClose={() => setDialog('none')} onDone={(message) => void done(message)} />}
      {confirmDialog}
    </section>
  );
}
