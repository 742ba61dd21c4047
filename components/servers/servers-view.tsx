'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plug } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { toast } from 'sonner';
import { useCan } from '@/components/auth/permissions-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { bodyOf, deleteServer, refreshServer, serversQueryOptions, updateServer, type Server } from '@/lib/client-api/servers-api';
import { ServerFormDialog } from './server-form-dialog';
import { statusTone } from './server-status';


/** The MCP servers with their status; add, edit, enable or disable, refresh, remove. */
export function ServersView() {
  const servers = useQuery(serversQueryOptions);
  const mayWrite = useCan('agents:write');
  const [editing, setEditing] = useState<{ server?: Server } | undefined>();
  return (
    <>
      {mayWrite && (
        <div className="mb-4">
          <Button variant="primary" onClick={() => setEditing({})}>
            Add server
          </Button>
        </div>
      )}
      {servers.isPending && (
        <div aria-label="Loading servers" className="flex flex-col gap-2">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      )}
      {servers.isError && <LoadError message={servers.error.message} isRetrying={servers.isFetching} onRetry={() => void servers.refetch()} />}
      {servers.data?.length === 0 && (
        <EmptyState icon={Plug} title="No MCP servers yet">
          Add a server, and its tools join the catalogue as one group named after it.
        </EmptyState>
      )}
      {servers.data && servers.data.length > 0 && (
        <Table>
          <caption className="sr-only">MCP servers</caption>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Kind</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Tools</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {servers.data.map((server) => (
              <ServerRow key={server.name} server={server} mayWrite={mayWrite} onEdit={() => setEditing({ server })} />
            ))}
          </TableBody>
        </Table>
      )}
      <ServerFormDialog open={editing !== undefined} server={editing?.server} onClose={() => setEditing(undefined)} />
    </>
  );
}

function ServerRow({ server, mayWrite, onEdit }: { server: Server; mayWrite: boolean; onEdit: () => void }) {
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const mayRunCommands = useCan('servers:stdio');
  const mayChange = mayWrite && (server.transport === 'http' || mayRunCommands);
  const settle = () => queryClient.invalidateQueries({ queryKey: serversQueryOptions.queryKey });
  const onError = (error: Error) => toast.error(error.message);
  const toggle = useMutation({ mutationFn: () => updateServer({ ...bodyOf(server), enabled: !server.enabled }, server.version), onError, onSettled: settle });
  const refresh = useMutation({
    mutationFn: () => refreshServer(server.name),
    onSuccess: (next) => toast.success(`Server “${server.name}” lists ${next.toolCount} tools.`),
    onError,
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: () => deleteServer(server.name, server.version),
    onSuccess: () => toast.success(`Removed server “${server.name}”.`),
    onError,
    onSettled: settle,
  });
  const askRemove = async () => {
    const isSure = await confirm({
      title: `Remove the server “${server.name}”?`,
      description: 'Its connection closes and its tools leave the catalogue. Agents keep their assignments to its tools, shown as missing until a server of this name is added again.',
      confirmLabel: 'Remove server',
      isDestructive: true,
    });
    if (isSure) remove.mutate();
  };
  return (
    <TableRow className="align-top">
      <TableCell className="font-mono font-medium">
        <Link href={`/servers/${encodeURIComponent(server.name)}`} className="text-link underline-offset-4 hover:underline">
          {server.name}
        </Link>
        <span className="block max-w-md text-xs font-normal break-all text-muted-foreground">{server.transport === 'http' ? server.url : [server.command, ...server.args].join(' ')}</span>
        <Link href={`/?group=${encodeURIComponent(server.name)}`} className="text-xs font-normal text-link underline underline-offset-4">
          Its tools in the catalogue
        </Link>
      </TableCell>
      <TableCell data-label="Kind">{server.transport === 'http' ? 'Streamable HTTP' : 'stdio'}</TableCell>
      <TableCell data-label="Status">
        <Badge tone={statusTone[server.status]}>{server.status}</Badge>
        {server.serverInfo && server.status === 'connected' && (
          <span className="block text-xs text-muted-foreground">
            {server.serverInfo.name} {server.serverInfo.version}
          </span>
        )}
        {server.reason && (server.status === 'unavailable' || server.status === 'blocked' || server.status === 'invalid') && (
          <span className="block max-w-md text-xs whitespace-pre-line text-warning wrap-anywhere">
            {server.reason}
            {server.detail && <span className="block text-muted-foreground">{server.detail}</span>}
          </span>
        )}
      </TableCell>
      <TableCell data-label="Tools">{server.toolCount}</TableCell>
      <TableCell>
        {mayChange && (
          <div className="flex flex-wrap gap-1.5">
            <Button size="sm" onClick={onEdit} aria-label={`Edit ${server.name}`}>
              Edit
            </Button>
            <Button size="sm" onClick={() => toggle.mutate()} disabled={toggle.isPending} aria-label={`${server.enabled ? 'Disable' : 'Enable'} ${server.name}`}>
              {server.enabled ? 'Disable' : 'Enable'}
            </Button>
            <Button size="sm" onClick={() => refresh.mutate()} disabled={refresh.isPending || (server.status !== 'connected' && server.status !== 'blocked')} aria-label={`Refresh ${server.name}`}>
              Refresh
            </Button>
            <Button size="sm" variant="destructive" onClick={() => void askRemove()} disabled={remove.isPending} aria-label={`Remove ${server.name}`}>
              Remove
            </Button>
          </div>
        )}
        {dialog}
      </TableCell>
    </TableRow>
  );
}
