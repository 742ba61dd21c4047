'use client';

import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { FormError } from '@/components/auth/form-error';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { MAX_TOKEN_NAME_LENGTH } from '@/lib/auth/token-limits';
import { createToken, tokensQueryOptions } from '@/lib/client-api/auth-api';
import { agentTokenName, clientConfigs } from './client-configs';
import { ConfigTabs } from './config-tabs';
import { CopyButton } from './copy-button';

interface AgentTokenProps {
  agentId: string;
  agentName: string;
  endpoint: string;
}

/**
 * "Create a token for this agent": a `runtime` token bound to this agent alone. Its secret lives
 * only in the open dialog's state (shown once, with the configurations filled in) and is gone
 * when the dialog closes.
 */
export function AgentTokenDialog({ agentId, agentName, endpoint }: AgentTokenProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setIsOpen(true)}>
        <KeyRound aria-hidden="true" />
        Create a token for this agent
      </Button>
      <Dialog
        open={isOpen}
        onClose={() => setIsOpen(false)}
        title={`A token for ${agentName}`}
        description="A token with the runtime scope that reaches this agent only. Its secret is shown once, here."
        isWide
      >
        <TokenSteps agentId={agentId} agentName={agentName} endpoint={endpoint} onDone={() => setIsOpen(false)} />
      </Dialog>
    </>
  );
}

// The Create button that had focus is gone once the token shows: focus moves to the token.
const focusOnce = (element: HTMLInputElement | null) => element?.focus();

function TokenSteps({ agentId, agentName, endpoint, onDone }: AgentTokenProps & { onDone: () => void }) {
  const queryClient = useQueryClient();
  const name = agentTokenName(agentName, MAX_TOKEN_NAME_LENGTH);
  const [secret, setSecret] = useState<string>();
  const [error, setError] = useState<string>();
  const [isCreating, setIsCreating] = useState(false);
  // Plain state rather than a mutation: the secret must not outlive this dialog in a cache.
  const create = async () => {
    setIsCreating(true);
    setError(undefined);
    try {
      setSecret((await createToken({ name, scopes: ['runtime'], agents: [agentId] })).secret);
      await queryClient.invalidateQueries({ queryKey: tokensQueryOptions.queryKey });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setIsCreating(false);
    }
  };

  if (secret === undefined) {
    return (
      <div className="space-y-4 text-sm">
        {error && <FormError>The token could not be created: {error}</FormError>}
        <p>
          Creates the token <span className="font-medium">“{name}”</span> with the <span className="font-mono">runtime</span> scope, for this agent only. Revoke it under
          Settings → API tokens.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" onClick={() => void create()} disabled={isCreating} data-autofocus>
            {isCreating ? 'Creating…' : 'Create token'}
          </Button>
          <Button onClick={onDone}>Cancel</Button>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-4 text-sm">
      <div className="rounded-md border border-border bg-success-muted p-3">
        <p role="status" className="mb-2 font-medium">Token “{name}” created. Copy it now: it is not shown again.</p>
        <div className="flex flex-wrap items-center gap-2">
          <Input readOnly value={secret} aria-label="New token" className="max-w-md font-mono" onFocus={(event) => event.target.select()} ref={focusOnce} />
          <CopyButton text={secret} label="Copy token" copiedMessage="Copied the token." isInline />
        </div>
      </div>
      <p>The configurations below carry the token while this dialog is open.</p>
      <ConfigTabs configs={clientConfigs({ endpoint, serverName: agentId, token: secret })} hasToken isInDialog />
      <Button variant="primary" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
