'use client';

import { useId, useState } from 'react';
import { useCan } from '@/components/auth/permissions-context';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Textarea } from '@/components/ui/input';
import { isProblem } from '@/lib/client-api/api-problem';
import { dryRunWorkflow } from '@/lib/client-api/workflows-api';
import type { WorkflowRun } from '@/lib/workflows/run-workflow-types';
import type { WorkflowDefinition } from '@/lib/workflows/workflow';

/**
 * Runs the workflow on screen (saved or not) with the given arguments and shows each step's
 * arguments and result, the output, or the step that failed. The steps' tools really run.
 */
export function DryRunPanel({ definition }: { definition: WorkflowDefinition }) {
  const [argsText, setArgsText] = useState('');
  const [agentId, setAgentId] = useState('');
  const [run, setRun] = useState<WorkflowRun | undefined>();
  const [problem, setProblem] = useState('');
  const [isRunning, setIsRunning] = useState(false);
  const headingId = useId();
  const argsId = useId();
  const agentFieldId = useId();
  const canRun = useCan('runtime');
  const placeholder = JSON.stringify(Object.fromEntries(definition.inputs.map((input) => [input.name || 'input', input.type === 'string' ? '' : null])), null, 2);

  const start = async () => {
    setProblem('');
    setRun(undefined);
    let args: unknown = {};
    try {
      args = argsText.trim() === '' ? {} : JSON.parse(argsText);
    } catch {
      setProblem('The arguments are not valid JSON.');
      return;
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      setProblem('The arguments must be a JSON object.');
      return;
    }
    setIsRunning(true);
    try {
      setRun(await dryRunWorkflow(definition, args as Record<string, unknown>, agentId.trim() || undefined));
    } catch (error) {
      const detail = isProblem(error) && error.errors.length > 0 ? `: ${error.errors.map((e) => `${e.pointer} ${e.message}`).join('; ')}` : '';
      setProblem(`${error instanceof Error ? error.message : 'The dry run failed'}${detail}`);
    } finally {
      setIsRunning(false);
    }
  };

  if (!canRun) {
    return (
      <Card className="p-4">
        <h3 className="mb-1 font-semibold">Dry run</h3>
        <p className="text-sm text-muted-foreground">A dry run runs the steps&apos; tools, which needs the runtime permission (admins).</p>
      </Card>
    );
  }
  return (
    <Card className="p-4">
      <section aria-labelledby={headingId}>
        <h3 id={headingId} className="mb-1 font-semibold">Dry run</h3>
        <p className="mb-3 text-sm text-muted-foreground">Runs the steps for real, as shown here (saved or not), and shows what each step got and answered.</p>
        <div className="mb-3 flex flex-col gap-1">
          <label htmlFor={argsId} className="text-sm font-medium">Dry-run arguments (JSON)</label>
          <Textarea id={argsId} value={argsText} onChange={(event) => setArgsText(event.target.value)} rows={4} placeholder={placeholder} className="font-mono" />
        </div>
        <div className="mb-3 flex flex-col gap-1">
          <label htmlFor={agentFieldId} className="text-sm font-medium">Run as agent (optional)</label>
          <Input id={agentFieldId} value={agentId} onChange={(event) => setAgentId(event.target.value)} className="w-64 py-1.5 font-mono" autoComplete="off" aria-describedby={`${agentFieldId}-help`} />
          <p id={`${agentFieldId}-help`} className="text-xs text-muted-foreground">With an agent id, each step uses that agent&apos;s settings for its tool; without, the tools&apos; defaults.</p>
        </div>
        <Button onClick={() => void start()} disabled={isRunning}>
          {isRunning ? 'Running…' : 'Dry run'}
        </Button>
        {problem && (
          <p role="alert" className="mt-3 text-sm text-destructive">
            {problem}
          </p>
        )}
        <div aria-live="polite">
          {run && (
            <div className="mt-4 flex flex-col gap-3">
              <ol className="flex flex-col gap-2" aria-label="Dry-run steps">
                {run.steps.map((step) => (
                  <li key={step.id} className="rounded-md border border-border p-3 text-sm" data-step={step.id}>
                    <p className="font-medium">
                      {step.id} <span className="font-mono text-muted-foreground">{step.tool}</span>
                      {step.settings && <span className="ml-2 text-xs text-muted-foreground">({step.settings === 'assigned' ? "the agent's settings" : "the tool's defaults"})</span>}
                    </p>
                    {step.arguments && (
                      <>
                        <p className="mt-1 text-xs text-muted-foreground">Arguments</p>
                        <pre className="overflow-x-auto rounded bg-muted p-2 font-mono text-xs whitespace-pre-wrap">{JSON.stringify(step.arguments, null, 2)}</pre>
                      </>
                    )}
                    {step.result !== undefined && (
                      <>
                        <p className="mt-1 text-xs text-muted-foreground">Result</p>
                        <pre className="overflow-x-auto rounded bg-muted p-2 font-mono text-xs whitespace-pre-wrap">{step.result}</pre>
                      </>
                    )}
                    {step.error && <p className="mt-1 text-destructive">{step.error}</p>}
                  </li>
                ))}
              </ol>
              {run.ok ? (
                <div role="status">
                  <p className="text-sm font-medium">Output</p>
                  <pre className="overflow-x-auto rounded bg-muted p-2 font-mono text-sm whitespace-pre-wrap">{run.output}</pre>
                </div>
              ) : (
                <p role="alert" className="text-sm text-destructive">
                  {run.error}
                </p>
              )}
            </div>
          )}
        </div>
      </section>
    </Card>
  );
}
