'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormError } from '@/components/auth/form-error';
import { LabelledInput } from '@/components/auth/labelled-input';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Checkbox, Input } from '@/components/ui/input';
import { TOKEN_SCOPES, type TokenScope } from '@/lib/auth/permissions';
import { ApiProblem } from '@/lib/client-api/api-problem';
import { agentListQueryOptions } from '@/lib/client-api/agents-api';
import { createToken, tokensQueryOptions } from '@/lib/client-api/auth-api';
import { AgentChecklist } from './agent-checklist';

const scopeHelp: Record<TokenScope, string> = {
  'catalogue:read': 'read the tool catalogue',
  'agents:read': 'read agents and their tools',
  'agents:write': 'change agents and their tools (and read them)',
  runtime: 'the agent runtime: effective tools and calls',
};

/** Which agents a new token reaches: nothing chosen yet, all of them, or the checked ones. */
type AgentChoice = '' | 'all' | 'some';

/**
 * Creates a named token with scopes, its agents (all of them or the checked ones: an explicit
 * choice) and an optional expiry; shows its secret once, with a copy button.
 */
export function CreateTokenForm() {
  const queryClient = useQueryClient();
  const expiryId = useId();
  const agentList = useQuery(agentListQueryOptions());
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>([]);
  const [agentChoice, setAgentChoice] = useState<AgentChoice>('');
  const [agentIds, setAgentIds] = useState<string[]>([]);
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [created, setCreated] = useState<{ name: string; secret: string }>();
  const [copyStatus, setCopyStatus] = useState('');
  const create = useMutation({
    mutationFn: () => createToken({ name, scopes, agents: agentChoice === 'all' ? 'all' : agentIds, ...(expiry ? { expiresAt: new Date(expiry).toISOString() } : {}) }),
    onSuccess: ({ token, secret }) => {
      setCreated({ name: token.name, secret });
      setCopyStatus('');
      setName('');
      setScopes([]);
      setAgentChoice('');
      setAgentIds([]);
      setExpiry('');
      setErrors({});
      setFormError(undefined);
    },
    onError: (caught) => {
      if (caught instanceof ApiProblem && caught.errors.length > 0) {
        setErrors(Object.fromEntries(caught.errors.map((error) => [error.pointer.split('/')[1] ?? '', error.message])));
        setFormError(undefined);
      } else {
        setFormError(caught.message);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensQueryOptions.queryKey }),
  });

  async function copy(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      setCopyStatus('Copied.');
    } catch {
      setCopyStatus('Copying failed: select the token and copy it yourself.');
    }
  }

  return (
    <Card className="mb-6">
      <CardHeader>
        <h2 className="text-lg font-semibold">New token</h2>
      </CardHeader>
      <CardContent>
        {created && (
          <div role="status" className="mb-4 rounded-md border border-border bg-success-muted p-3 text-sm">
            <p className="mb-2 font-medium">Token “{created.name}” created. Copy it now: it is not shown again.</p>
            <div className="flex flex-wrap items-center gap-2">
              <Input readOnly value={created.secret} aria-label="New token" className="font-mono" onFocus={(event) => event.target.select()} />
              <Button size="sm" onClick={() => void copy(created.secret)}>
                Copy token
              </Button>
              <span aria-live="polite">{copyStatus}</span>
            </div>
          </div>
        )}
        <form
          aria-label="New token"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            // The API would take a missing choice as all agents: here the choice is always made by hand.
            const agentError = agentChoice === '' ? 'Choose all agents, or the agents it may reach' : agentChoice === 'some' && agentIds.length === 0 ? 'Check at least one agent' : undefined;
            if (agentError) {
              setErrors({ agents: agentError });
              return;
            }
            create.mutate();
          }}
        >
          {formError && <FormError>{formError}</FormError>}
          <LabelledInput label="Name" name="name" autoComplete="off" value={name} error={errors.name} help="What uses it, e.g. “agent runtime, production”." onChange={(event) => setName(event.target.value)} />
          <fieldset className="mb-4" aria-describedby={errors.scopes ? 'token-scopes-error' : undefined}>
            <legend className="mb-1 text-sm font-medium">Scopes</legend>
            {TOKEN_SCOPES.map((scope) => (
              <label key={scope} className="flex items-center gap-2 text-sm">
                <Checkbox
                  name="scopes"
                  checked={scopes.includes(scope)}
                  onChange={(event) => setScopes((current) => (event.target.checked ? [...current, scope] : current.filter((item) => item !== scope)))}
                />
                <span className="font-mono">{scope}</span>
                <span className="text-muted-foreground">— {scopeHelp[scope]}</span>
              </label>
            ))}
            {errors.scopes && (
              <p id="token-scopes-error" className="text-sm font-medium text-destructive">
                {errors.scopes}
              </p>
            )}
          </fieldset>
          <fieldset className="mb-4 min-w-0" aria-describedby={errors.agents ? 'token-agents-error' : undefined}>
            <legend className="mb-1 text-sm font-medium">Agents</legend>
            <p className="mb-1 text-sm text-muted-foreground">Its scopes act on these agents only; to it, any other agent does not exist.</p>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="agent-choice" checked={agentChoice === 'some'} onChange={() => setAgentChoice('some')} />
              Only the agents I check
            </label>
            {agentChoice === 'some' &&
              (agentList.data ? (
                <div className="my-1 ml-6">
                  <AgentChecklist label="Agents it may reach" agents={agentList.data} chosen={agentIds} onChange={setAgentIds} />
                </div>
              ) : (
                <p className="ml-6 text-sm text-muted-foreground">{agentList.isError ? `The agents could not be read: ${agentList.error.message}` : 'Loading agents…'}</p>
              ))}
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="agent-choice" checked={agentChoice === 'all'} onChange={() => setAgentChoice('all')} />
              All agents, including those made later
            </label>
            {errors.agents && (
              <p id="token-agents-error" className="text-sm font-medium text-destructive">
                {errors.agents}
              </p>
            )}
          </fieldset>
          <div className="mb-4 flex flex-col gap-1">
            <label htmlFor={expiryId} className="text-sm font-medium">
              Expires (optional)
            </label>
            <Input id={expiryId} type="datetime-local" value={expiry} aria-invalid={errors.expiresAt ? true : undefined} onChange={(event) => setExpiry(event.target.value)} className="w-64" />
            {errors.expiresAt && <p className="text-sm font-medium text-destructive">{errors.expiresAt}</p>}
          </div>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create token'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
