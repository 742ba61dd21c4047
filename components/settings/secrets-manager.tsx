'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { deleteSecret, secretsQueryOptions } from '@/lib/client-api/secrets-api';
import { secretReference, type SecretSummary } from '@/lib/secrets/secret-rules';
import { DateText } from './date-text';
import { SecretForm } from './secret-form';

/** Admins' secret store: set (create or replace) a secret, list them with their users, delete. Values are never shown. */
export function SecretsManager() {
  const secrets = useQuery(secretsQueryOptions);
  const [name, setName] = useState('');
  const valueRef = useRef<HTMLInputElement>(null);
  const replace = (secretName: string) => {
    setName(secretName);
    valueRef.current?.focus();
  };
  return (
    <>
      <p className="mb-4 max-w-prose text-sm text-muted-foreground">
        MCP servers reference a secret in their URL, headers or environment as <code className="font-mono">{secretReference('NAME')}</code>; the value is
        filled in only when the app connects. Values are write-only: no page, answer, export or log shows one.
      </p>
      <SecretForm name={name} onNameChange={setName} valueRef={valueRef} />
      <h2 className="mb-2 text-lg font-semibold">Secrets</h2>
      {secrets.isPending && (
        <div aria-label="Loading secrets" className="flex flex-col gap-2">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      )}
      {secrets.isError && <LoadError message={secrets.error.message} isRetrying={secrets.isFetching} onRetry={() => void secrets.refetch()} />}
      {secrets.data?.length === 0 && (
        <EmptyState icon={KeyRound} title="No secrets yet" headingLevel={3}>
          Set one above, then reference it from a server as {secretReference('NAME')}.
        </EmptyState>
      )}
      {secrets.data && secrets.data.length > 0 && (
        <Table>
          <caption className="sr-only">Secrets</caption>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Set by</TableHead>
              <TableHead>Set</TableHead>
              <TableHead>Used by</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {secrets.data.map((secret) => (
              <SecretRow key={secret.name} secret={secret} onReplace={() => replace(secret.name)} />
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}

function SecretRow({ secret, onReplace }: { secret: SecretSummary; onReplace: () => void }) {
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const [error, setError] = useState<string>();
  const remove = useMutation({
    mutationFn: () => deleteSecret(secret.name),
    onSuccess: () => {
      setError(undefined);
      toast.success(`Deleted the secret “${secret.name}”.`);
    },
    onError: (caught) => setError(caught.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: secretsQueryOptions.queryKey }),
  });
  const askDelete = async () => {
    const isSure = await confirm({
      title: `Delete the secret “${secret.name}”?`,
      description: 'Its value is gone for good. A server that still references it is refused until it is changed, so the store refuses while one does.',
      confirmLabel: 'Delete secret',
      isDestructive: true,
    });
    if (isSure) remove.mutate();
  };
  return (
    <TableRow className="align-top">
      <TableCell className="font-mono font-medium wrap-anywhere">{secret.name}</TableCell>
      <TableCell className="wrap-anywhere">{secret.setByName}</TableCell>
      <TableCell>
        <DateText value={secret.setAt} />
      </TableCell>
      <TableCell>{secret.usedBy.length === 0 ? <span className="text-muted-foreground">no server</span> : secret.usedBy.join(', ')}</TableCell>
      <TableCell>
        <div className="flex flex-wrap gap-1.5">
          <Button size="sm" onClick={onReplace} aria-label={`Replace ${secret.name}`}>
            Replace
          </Button>
          <Button size="sm" variant="destructive" disabled={remove.isPending} onClick={() => void askDelete()} aria-label={`Delete ${secret.name}`}>
            Delete
          </Button>
        </div>
        {error && (
          <p role="alert" className="mt-1 max-w-md text-sm text-destructive">
            {error}
          </p>
        )}
        {dialog}
      </TableCell>
    </TableRow>
  );
}
