'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import type { ApiToken } from '@/lib/auth/api-token';
import { revokeToken, tokensQueryOptions } from '@/lib/client-api/auth-api';
import { CreateTokenForm } from './create-token-form';
import { DateText } from './date-text';

/** Admins' API tokens: create one (its secret shown once), list them, revoke. */
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
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">API tokens</caption>
            <thead className="border-b border-border text-muted-foreground">
              <tr>
                <th className="py-2 pr-3 font-medium">Name</th>
                <th className="py-2 pr-3 font-medium">Prefix</th>
                <th className="py-2 pr-3 font-medium">Scopes</th>
                <th className="py-2 pr-3 font-medium">Created by</th>
                <th className="py-2 pr-3 font-medium">Created</th>
                <th className="py-2 pr-3 font-medium">Last used</th>
                <th className="py-2 pr-3 font-medium">Status</th>
                <th className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.data.map((token) => (
                <TokenRow key={token.id} token={token} />
              ))}
            </tbody>
          </table>
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
    <tr className="border-b border-border align-top">
      <td className="py-2 pr-3 font-medium wrap-anywhere">{token.name}</td>
      <td className="py-2 pr-3 font-mono">{token.prefix}…</td>
      <td className="py-2 pr-3">{token.scopes.join(', ')}</td>
      <td className="py-2 pr-3 wrap-anywhere">{token.createdBy}</td>
      <td className="py-2 pr-3">
        <DateText value={token.createdAt} />
      </td>
      <td className="py-2 pr-3">
        <DateText value={token.lastUsedAt} />
      </td>
      <td className="py-2 pr-3">
        {token.revokedAt ? <Badge tone="danger">revoked</Badge> : isExpired ? <Badge tone="warning">expired</Badge> : <Badge tone="ok">active</Badge>}
        {token.expiresAt && !token.revokedAt && (
          <span className="block text-xs text-muted-foreground">
            expires <DateText value={token.expiresAt} />
          </span>
        )}
      </td>
      <td className="py-2">
        {!token.revokedAt && (
          <Button
            size="sm"
            variant="destructive"
            disabled={revoke.isPending}
            onClick={() => void askToRevoke()}
          >
            Revoke {token.name}
          </Button>
        )}
        {error && (
          <p role="alert" className="text-destructive">
            {error}
          </p>
        )}
        {dialog}
      </td>
    </tr>
  );
}
