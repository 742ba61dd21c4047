'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { ApiToken } from '@/lib/auth/api-token';
import { agentListQueryOptions } from '@/lib/client-api/agents-api';
import { narrowToken, tokensQueryOptions } from '@/lib/client-api/auth-api';
import { AgentChecklist } from './agent-checklist';
import { DateText } from './date-text';

/**
 * A token's agents ("All agents" marked as such), its last use of each, and the narrowing of an
 * active token: in one click to the agents it has used, or to the agents checked.
 */
export function TokenAgentsCell({ token }: { token: ApiToken }) {
  const queryClient = useQueryClient();
  const [isPicking, setIsPicking] = useState(false);
  const [error, setError] = useState<string>();
  const used = token.agentUses.map((use) => use.agentId);
  const narrow = useMutation({
    mutationFn: (agents: string[]) => narrowToken(token.id, agents),
    onSuccess: () => {
      setIsPicking(false);
      setError(undefined);
    },
    onError: (caught) => setError(caught.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensQueryOptions.queryKey }),
  });
  const isActive = token.revokedAt === null;
  return (
    <div className="flex flex-col gap-1">
      {token.agents === 'all' ? (
        <Badge tone="warning" title="Reaches every agent, including those made later">
          All agents
        </Badge>
      ) : (
        <ul aria-label={`Agents of ${token.name}`} className="flex flex-wrap gap-1">
          {token.agents.map((id) => (
            <li key={id}>
              <Badge className="font-mono wrap-anywhere">{id}</Badge>
            </li>
          ))}
        </ul>
      )}
      {token.agentUses.length > 0 && (
        <ul aria-label={`Last use of ${token.name} per agent`} className="text-xs text-muted-foreground">
          {token.agentUses.map((use) => (
            <li key={use.agentId} className="wrap-anywhere">
              <span className="font-mono">{use.agentId}</span>: <DateText value={use.lastUsedAt} />
            </li>
          ))}
        </ul>
      )}
      {isActive && token.agents === 'all' && used.length > 0 && !isPicking && (
        <Button size="sm" disabled={narrow.isPending} onClick={() => narrow.mutate(used)}>
          Limit to the agents it used<span className="sr-only"> ({token.name})</span>
        </Button>
      )}
      {isActive && !isPicking && (token.agents === 'all' || token.agents.length > 1) && (
        <Button size="sm" variant="ghost" onClick={() => setIsPicking(true)}>
          Limit agents…<span className="sr-only"> ({token.name})</span>
        </Button>
      )}
      {isPicking && <NarrowForm token={token} initial={used} isPending={narrow.isPending} onNarrow={(agents) => narrow.mutate(agents)} onCancel={() => setIsPicking(false)} />}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function NarrowForm({ token, initial, isPending, onNarrow, onCancel }: { token: ApiToken; initial: string[]; isPending: boolean; onNarrow(agents: string[]): void; onCancel(): void }) {
  const agentList = useQuery({ ...agentListQueryOptions(), enabled: token.agents === 'all' });
  const choices = token.agents === 'all' ? agentList.data : token.agents.map((id) => ({ id, name: id }));
  const [chosen, setChosen] = useState(() => initial.filter((id) => token.agents === 'all' || token.agents.includes(id)));
  return (
    <form
      aria-label={`Limit the agents of ${token.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        onNarrow(chosen);
      }}
      className="flex flex-col gap-2"
    >
      {choices ? <AgentChecklist label="Agents it keeps" agents={choices} chosen={chosen} onChange={setChosen} /> : <p className="text-sm text-muted-foreground">Loading agents…</p>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="primary" disabled={isPending || chosen.length === 0}>
          Limit
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
