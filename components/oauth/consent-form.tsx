'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { decideAuthorization } from '@/lib/client-api/oauth-api';

/** An agent the user may let the client reach. */
export interface ConsentAgent {
  id: string;
  name: string;
}

/**
 * The consent page's choice: which agents the client may reach (the one it asked for ticked),
 * then Allow or Deny. The answer goes to the API; the browser then follows it back to the client.
 */
export function ConsentForm({ params, agents, askedAgentId, clientName }: { params: Record<string, string>; agents: ConsentAgent[]; askedAgentId: string; clientName: string }) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(agents.some((agent) => agent.id === askedAgentId) ? [askedAgentId] : []));
  const [error, setError] = useState<string>();
  const [isSending, setIsSending] = useState(false);
  const decide = async (approve: boolean) => {
    setIsSending(true);
    setError(undefined);
    try {
      window.location.assign(await decideAuthorization({ params, approve, agentIds: approve ? [...chosen] : [] }));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setIsSending(false);
    }
  };
  const toggle = (id: string, isOn: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (isOn) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-2 font-medium">Agents {clientName} may reach</legend>
        {agents.map((agent) => (
          <label key={agent.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={chosen.has(agent.id)} onChange={(event) => toggle(agent.id, event.target.checked)} />
            <span>
              {agent.name} <span className="text-muted-foreground">({agent.id})</span>
              {agent.id === askedAgentId && <span className="text-muted-foreground"> — asked for</span>}
            </span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button variant="primary" disabled={isSending || chosen.size === 0} onClick={() => void decide(true)}>
          Allow access
        </Button>
        <Button disabled={isSending} onClick={() => void decide(false)}>
          Deny
        </Button>
      </div>
    </form>
  );
}
