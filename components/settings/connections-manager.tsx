'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import type { OAuthGrantSummary } from '@/lib/auth/oauth/grant-summary';
import { grantsQueryOptions, revokeGrant } from '@/lib/client-api/oauth-api';
import { DateText } from './date-text';

/** The MCP clients given access by OAuth, each with its agents and a Revoke button. */
export function ConnectionsManager({ isAdmin }: { isAdmin: boolean }) {
  const grants = useQuery(grantsQueryOptions);
  return (
    <>
      {grants.isPending && <p className="text-sm text-muted-foreground">Loading connections…</p>}
      {grants.isError && <LoadError message={grants.error.message} isRetrying={grants.isFetching} onRetry={() => void grants.refetch()} />}
      {grants.data && grants.data.length === 0 && <p className="text-sm text-muted-foreground">No application has been given access.</p>}
      {grants.data && grants.data.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Connections">
          {grants.data.map((grant) => (
            <GrantRow key={grant.id} grant={grant} showsUser={isAdmin} />
          ))}
        </ul>
      )}
    </>
  );
}

function GrantRow({ grant, showsUser }: { grant: OAuthGrantSummary; showsUser: boolean }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const revoke = useMutation({
    mutationFn: () => revokeGrant(grant.id),
    onError: (caught) => setError(caught.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: grantsQueryOptions.queryKey }),
  });
  const { confirm, dialog } = useConfirm();
  const askToRevoke = async () => {
    const isSure = await confirm({
      title: `Revoke the access of "${grant.clientName}"?`,
      description: `It is refused on ${grant.agents.join(', ')} from its next request, and must ask a person again to connect.`,
      confirmLabel: 'Revoke',
      isDestructive: true,
    });
    if (isSure) revoke.mutate();
  };
  return (
    <li aria-label={grant.clientName}>
      <Card>
        <CardHeader className="items-center">
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-medium wrap-anywhere">{grant.clientName}</p>
            <p className="text-muted-foreground wrap-anywhere">Answered at {grant.redirectUris.join(', ')}</p>
            <p>Agents: {grant.agents.join(', ')}</p>
            <p className="text-muted-foreground">
              {showsUser && grant.userEmail ? `Given by ${grant.userEmail}, ` : 'Given '}
              <DateText value={grant.createdAt} />
              {grant.lastUsedAt ? (
                <>
                  , last used <DateText value={grant.lastUsedAt} />
                </>
              ) : (
                ', not used yet'
              )}
            </p>
          </div>
          <Button size="sm" variant="destructive" disabled={revoke.isPending} onClick={() => void askToRevoke()}>
            Revoke<span className="sr-only"> {grant.clientName}</span>
          </Button>
          {dialog}
          {error && (
            <p role="alert" className="w-full text-sm text-destructive">
              {error}
            </p>
          )}
        </CardHeader>
      </Card>
    </li>
  );
}
