'use client';

import { useQuery } from '@tanstack/react-query';
import type { RJSFSchema } from '@rjsf/utils';
import { useId, useMemo, useState } from 'react';
import { OverridesForm } from '@/components/overrides-form/overrides-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Select } from '@/components/ui/input';
import type { FieldError } from '@/lib/app-error';
import { ApiProblem } from '@/lib/client-api/api-problem';
import { effectiveToolsQueryOptions, invokeTool, type InvokeOutcome } from '@/lib/client-api/runtime-api';
import type { McpTool } from '@/lib/runtime/tool-formats';
import { saveRun } from './run-history';
import { useRuns } from './use-runs';

type Outcome = { kind: 'ok'; value: InvokeOutcome } | { kind: 'error'; message: string; status?: number };

/** "Try it": run one of the agent's tools as the agent, with a form generated from its parameters. */
export function TryItPanel({ agentId, groupOf }: { agentId: string; groupOf: ReadonlyMap<string, string | undefined> }) {
  const query = useQuery(effectiveToolsQueryOptions(agentId, 'mcp'));
  const tools = useMemo(() => (query.data?.tools ?? []) as McpTool[], [query.data]);
  const [toolName, setToolName] = useState('');
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  const [formKey, setFormKey] = useState(0);
  const [isRunning, setIsRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // What a tool that streams its result has sent so far, while it runs.
  const [partial, setPartial] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [sessionId, setSessionId] = useState<string | undefined>(undefined);
  const headingId = useId();
  const selectId = useId();

  const runs = useRuns(agentId);
  const tool = tools.find((candidate) => candidate.name === toolName);
  // One schema object per tool, so the form's validator is compiled once per tool.
  const schema = useMemo(() => (tool ? (tool.inputSchema as RJSFSchema) : undefined), [tool]);
  const groups = useMemo(() => groupTools(tools, groupOf), [tools, groupOf]);

  const choose = (name: string, data: Record<string, unknown> = {}) => {
    setToolName(name);
    setFormData(data);
    setFormKey((key) => key + 1);
    setServerErrors([]);
    setOutcome(null);
  };

  const run = async (args: Record<string, unknown>) => {
    if (!tool) return;
    setIsRunning(true);
    setServerErrors([]);
    setOutcome(null);
    try {
      const value = await invokeTool(agentId, tool.name, args, sessionId, setPartial);
      setSessionId(value.sessionId);
      setOutcome({ kind: 'ok', value });
      saveRun(agentId, { toolName: tool.name, arguments: args, at: new Date().toISOString(), isOk: !value.isError, durationMs: value.durationMs });
    } catch (error) {
      const isProblem = error instanceof ApiProblem;
      // The form shows argument errors on their fields: the server points under /arguments.
      if (isProblem) setServerErrors(error.errors.map(({ pointer, message }) => ({ pointer: pointer.replace(/^\/arguments/, '/overrides'), message })));
      setOutcome({ kind: 'error', message: error instanceof Error ? error.message : String(error), status: isProblem ? error.status : undefined });
      saveRun(agentId, { toolName: tool.name, arguments: args, at: new Date().toISOString(), isOk: false });
    } finally {
      setIsRunning(false);
      setPartial(null);
    }
  };

  return (
    <Card role="region" aria-labelledby={headingId} className="mt-8">
      <CardHeader className="justify-between">
        <h2 id={headingId} className="text-lg font-semibold">Try it</h2>
        {sessionId && (
          <p className="text-xs text-muted-foreground">
            Session <span className="font-mono">{sessionId}</span>{' '}
            <Button size="sm" variant="link" onClick={() => setSessionId(undefined)}>New session</Button>
          </p>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        {query.isPending && <p className="text-sm text-muted-foreground">Loading the agent’s tools…</p>}
        {query.isError && <p role="alert" className="text-sm text-destructive">The agent’s tools could not be loaded: {query.error.message}</p>}
        {query.data && tools.length === 0 && <p className="text-sm text-muted-foreground">This agent has no tool it can call yet.</p>}
        {tools.length > 0 && (
          <div className="flex flex-col gap-1">
            <label htmlFor={selectId} className="text-sm font-medium">Tool to run</label>
            <Select id={selectId} value={toolName} onChange={(event) => choose(event.target.value)} className="max-w-md">
              <option value="">Choose a tool…</option>
              {groups.map(([group, names]) => (
                <optgroup key={group} label={group}>
                  {names.map((name) => <option key={name} value={name}>{name}</option>)}
                </optgroup>
              ))}
            </Select>
          </div>
        )}
        {tool && schema && (
          <div>
            <p className="mb-2 text-sm text-muted-foreground wrap-anywhere">{tool.description}</p>
            <OverridesForm
              key={`${tool.name}-${formKey}`}
              idPrefix={`try-${tool.name}`}
              schema={schema}
              formData={formData}
              onChange={setFormData}
              onSubmit={(data) => void run(data)}
              serverErrors={serverErrors}
              disabled={isRunning}
            >
              <Button type="submit" variant="primary" disabled={isRunning} className="mt-3">
                {isRunning ? 'Running…' : `Run ${tool.name}`}
              </Button>
            </OverridesForm>
          </div>
        )}
        <div aria-live="polite">
          {isRunning && partial !== null && (
            <pre tabIndex={0} aria-label="Output so far" className="max-h-96 overflow-auto rounded-md border border-border bg-muted p-3 font-mono text-xs whitespace-pre-wrap">
              {partial}
            </pre>
          )}
          {outcome?.kind === 'ok' && (
            <section aria-label="Result">
              <p className="text-sm">
                <span className={outcome.value.isError ? 'font-medium text-destructive' : 'font-medium text-success'}>{outcome.value.isError ? 'The tool failed' : 'Result'}</span>
                {' '}in {outcome.value.durationMs} ms
              </p>
              <pre tabIndex={0} aria-label="Tool output" className="mt-1 max-h-96 overflow-auto rounded-md border border-border bg-muted p-3 font-mono text-xs whitespace-pre-wrap">
                {prettyResult(outcome.value.result)}
              </pre>
            </section>
          )}
          {outcome?.kind === 'error' && (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive-muted p-3 text-sm text-destructive wrap-anywhere">
              {outcome.status === 504 ? 'Timed out: ' : outcome.status === 422 ? 'The tool failed: ' : ''}
              {outcome.message}
            </p>
          )}
        </div>
        {runs.length > 0 && (
          <details className="text-sm">
            <summary className="cursor-pointer">Recent runs in this browser ({runs.length})</summary>
            <ul className="mt-2 space-y-1">
              {runs.map((entry, index) => (
                <li key={`${entry.at}-${index}`} className="flex flex-wrap items-center gap-2">
                  <span className="font-mono">{entry.toolName}</span>
                  <span className="text-muted-foreground">{new Date(entry.at).toLocaleString()}</span>
                  <span className={entry.isOk ? 'text-success' : 'text-destructive'}>{entry.isOk ? `ok${entry.durationMs !== undefined ? `, ${entry.durationMs} ms` : ''}` : 'failed'}</span>
                  <Button
                    size="sm"
                    variant="link"
                    disabled={!tools.some((candidate) => candidate.name === entry.toolName)}
                    aria-label={`Replay ${entry.toolName} from ${new Date(entry.at).toLocaleString()}`}
                    onClick={() => choose(entry.toolName, entry.arguments)}
                  >
                    Replay
                  </Button>
                </li>
              ))}
            </ul>
          </details>
        )}
      </CardContent>
    </Card>
  );
}

function groupTools(tools: readonly McpTool[], groupOf: ReadonlyMap<string, string | undefined>): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const tool of tools) {
    const group = groupOf.get(tool.name) ?? 'general';
    groups.set(group, [...(groups.get(group) ?? []), tool.name]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** JSON results pretty-printed; anything else as the tool wrote it. */
function prettyResult(result: string): string {
  try {
    return JSON.stringify(JSON.parse(result), null, 2);
  } catch {
    return result;
  }
}
