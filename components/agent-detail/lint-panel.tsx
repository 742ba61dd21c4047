'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useCan } from '@/components/auth/permissions-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { agentLintQueryOptions, saveTokenBudget } from '@/lib/client-api/policy-api';

const FORMAT_LABELS = { openai: 'OpenAI', anthropic: 'Anthropic', mcp: 'MCP' } as const;

/** "Tool lint": what in the agent's tool set reads badly to a model, and what it costs per format against the budget. */
export function LintPanel({ agentId }: { agentId: string }) {
  const query = useQuery(agentLintQueryOptions(agentId));
  const headingId = useId();
  const data = query.data;
  return (
    <Card role="region" aria-labelledby={headingId} className="mt-8">
      <CardHeader>
        <h2 id={headingId} className="text-lg font-semibold">Tool lint</h2>
      </CardHeader>
      <CardContent>
        {query.isPending && <p role="status" className="text-sm text-muted-foreground">Linting the tools…</p>}
        {query.error && <LoadError message={`The lint could not be loaded: ${query.error.message}`} isRetrying={query.isFetching} onRetry={() => void query.refetch()} />}
        {data && (
          <>
            <table className="mb-3 text-sm">
              <caption className="sr-only">Token cost of the tool definitions per format</caption>
              <thead>
                <tr>
                  <th scope="col" className="pr-4 text-left font-medium">Format</th>
                  <th scope="col" className="pr-4 text-right font-medium">Tokens</th>
                  <th scope="col" className="text-left font-medium">Budget {data.budget}</th>
                </tr>
              </thead>
              <tbody>
                {data.costs.map((cost) => (
                  <tr key={cost.format}>
                    <td className="pr-4">{FORMAT_LABELS[cost.format]}</td>
                    <td className="pr-4 text-right tabular-nums">{cost.tokens}</td>
                    <td>{cost.isOverBudget ? <Badge tone="warning">Over budget</Badge> : <Badge tone="ok">Within</Badge>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <BudgetForm agentId={agentId} tokens={data.tokenBudget.tokens} source={data.tokenBudget.source} version={data.tokenBudget.version} />
            {data.findings.length === 0 ? (
              <p className="text-sm text-muted-foreground">No findings.</p>
            ) : (
              <ul aria-label="Lint findings" className="flex flex-col gap-1 text-sm">
                {data.findings.map((finding, index) => (
                  <li key={`${finding.code}-${index}`} className="flex flex-wrap items-start gap-2">
                    <Badge tone={finding.severity === 'warning' ? 'warning' : 'info'}>{finding.severity}</Badge>
                    <span className="min-w-0 flex-1 break-words">{finding.message}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function BudgetForm({ agentId, tokens, source, version }: { agentId: string; tokens: number; source: 'default' | 'agent'; version: number }) {
  const canWrite = useCan('agents:write');
  const queryClient = useQueryClient();
  const [value, setValue] = useState(String(tokens));
  const [problem, setProblem] = useState('');
  const inputId = useId();
  if (!canWrite) return <p className="mb-3 text-sm text-muted-foreground">Budget: {tokens} tokens ({source === 'default' ? 'the default' : 'set for this agent'}).</p>;
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem('');
    const parsed = value.trim() === '' ? null : Number(value);
    if (parsed !== null && (!Number.isInteger(parsed) || parsed < 1)) {
      setProblem('Enter a whole number of tokens, 1 or more, or leave it empty for the default.');
      return;
    }
    try {
      await saveTokenBudget(agentId, parsed, version);
      await queryClient.invalidateQueries({ queryKey: agentLintQueryOptions(agentId).queryKey });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The budget was not saved.');
    }
  };
  return (
    <form onSubmit={(event) => void save(event)} className="mb-4 flex flex-wrap items-end gap-2" noValidate>
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium">Token budget</label>
        <Input id={inputId} inputMode="numeric" value={value} onChange={(event) => setValue(event.target.value)} className="w-32" aria-describedby={`${inputId}-help`} />
      </div>
      <Button type="submit" size="sm">Save budget</Button>
      <p id={`${inputId}-help`} className="w-full text-sm text-muted-foreground">
        {source === 'default' ? 'The default (TOOL_TOKEN_BUDGET); set one for this agent.' : 'Set for this agent; leave empty to return to the default.'}
      </p>
      {problem && <p role="alert" className="w-full text-sm text-destructive">{problem}</p>}
    </form>
  );
}
