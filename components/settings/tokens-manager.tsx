'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { BreakableText } from '@/components/ui/wrapped-value';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { ApiToken } from '@/lib/auth/api-token';
import { revokeToken, tokensQueryOptions } from '@/lib/client-api/auth-api';
import { CreateTokenForm } from './create-token-form';
import { DateText } from './date-text';
import { TokenAgentsCell } from './token-agents-cell';

/** Admins' API tokens: create one (its secret shown once), list them with their agents, narrow those, revoke. */
export function TokensManager() {
  const tokens = useQuery(tokensQueryOptions);
  return (
    <>
      <CreateTokenForm />
      <h2 className="mb-2 text-lg font-semibold">Tokens</h2>
      {tokens.isPending && <p className="text-sm text-muted-foreground">Loading tokens…</p>}
      {tokens.isError && <LoadError message={tokens.error.message} isRetrying={tokens.isFetching} onRetry={() => void tokens.refetch()} />}
      {tokens.data?.length === 0 && <p className="text-sm text-muted-foreground">No tokens yet.</p>}
      {tokens.data && tokens.data.length > 0 && (
        // `relative`: the cells' visually hidden labels (absolute) stay inside this scroller instead of
        // widening the page when the table is wider than the screen.
        <div className="relative sm:overflow-x-auto">
          <Table className="text-left">
            <caption className="sr-only">API tokens</caption>
            <TableHeader>
              <tr>
                <TableHead>Name</TableHead>
                <TableHead>Prefix</TableHead>
                <TableHead>Scopes</TableHead>
                <TableHead>Agents</TableHead>
                <TableHead>Created by</TableHead>
                <TableHead>Created</TableHead>
                <TableHead>Last used</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </tr>
            </TableHeader>
            <TableBody>
              {tokens.data.map((token) => (
                <TokenRow key={token.id} token={token} />
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const revoke = useMutation({
    mutationFn: () => revokeToken(token.id),
    onError: (caught) => setError(caught.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensQueryOptions.queryKey }),
  });
  const { confirm, dialog } = useConfirm();
  const askToRevoke = async () => {
    const isSure = await confirm({
      title: `Revoke the token "${token.name}"?`,
      description: 'Whatever uses it is refused from its next request. A revoked token cannot be used again.',
      confirmLabel: 'Revoke',
      isDestructive: true,
    });
    if (isSure) revoke.mutate();
  };
  const [now] = useState(() => Date.now());
  const isExpired = token.expiresAt !== null && Date.parse(token.expiresAt) <= now;
  return (
    <TableRow>
      <TableCell className="font-medium break-words max-sm:text-base">{token.name}</TableCell>
      <TableCell data-label="Prefix:" className="font-mono">
        {token.prefix}…
      </TableCell>
      <TableCell data-label="Scopes:">
        <BreakableText text={token.scopes.join(', ')} />
      </TableCell>
      <TableCell data-label="Agents:">
        <TokenAgentsCell token={token} />
      </TableCell>
      <TableCell data-label="Created by:" className="break-words">
        <BreakableText text={token.createdBy} />
      </TableCell>
      <TableCell data-label="Created:">
        <DateText value={token.createdAt} />
      </TableCell>
      <TableCell data-label="Last used:">
        <DateText value={token.lastUsedAt} />
      </TableCell>
      <TableCell data-label="Status:">
        {token.revokedAt ? <Badge tone="danger">revoked</Badge> : isExpired ? <Badge tone="warning">expired</Badge> : <Badge tone="ok">active</Badge>}
        {token.expiresAt && !token.revokedAt && (
          <span className="block text-xs text-muted-foreground">
            expires <DateText value={token.expiresAt} />
          </span>
        )}
      </TableCell>
      <TableCell className="max-sm:pt-2">
        {!token.revokedAt && (
          <Button
            size="sm"
            variant="destructive"
            disabled={revoke.isPending}
            onClick={() => void askToRevoke()}
          >
            Revoke<span className="sr-only"> {token.name}</span>
          </Button>
        )}
        {error && (
          <p role="alert" className="text-destructive">
            {error}
          </p>
        )}
        {dialog}
      </TableCell>
    </TableRow>
  );
}
