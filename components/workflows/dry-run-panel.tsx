'use client';

import { useId, useState } from 'react';
import { useCan } from '@/components/auth/permissions-context';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SettingsView } from '@/components/ui/settings-view';
import { isProblem } from '@/lib/client-api/api-problem';
import { dryRunWorkflow } from '@/lib/client-api/workflows-api';
import type { WorkflowRun } from '@/lib/workflows/run-workflow-types';
import type { WorkflowDefinition } from '@/lib/workflows/workflow';
import { DryRunArguments } from './dry-run-arguments';
import { RunAsAgent } from './run-as-agent';

/**
 * Runs the workflow on screen (saved or not) with the given arguments and shows each step's
 * arguments and result, the output, or the step that failed. The steps' tools really run.
 */
export function DryRunPanel({ definition }: { definition: WorkflowDefinition }) {
  const [args, setArgs] = useState<Record<string, unknown>>({});
  const [jsonProblem, setJsonProblem] = useState('');
  const [agentId, setAgentId] = useState('');
  const [run, setRun] = useState<WorkflowRun | undefined>();
  const [problem, setProblem] = useState('');
  const [isRunning, setIsRunning] = useState(false);
  const headingId = useId();
  const agentFieldId = useId();
  const canRun = useCan('runtime');

  const start = async () => {
    setProblem('');
    setRun(undefined);
    if (jsonProblem) {
      setProblem(jsonProblem);
      return;
    }
    setIsRunning(true);
    try {
      setRun(await dryRunWorkflow(definition, args, agentId.trim() || undefined));
    } catch (error) {
      const detail = isProblem(error) && error.errors.length > 0 ? `: ${error.errors.map((e) => e.message).join('; ')}` : '';
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
        <DryRunArguments inputs={definition.inputs} value={args} onChange={setArgs} onJsonProblem={setJsonProblem} />
        <RunAsAgent id={agentFieldId} tools={definition.steps.map((step) => step.tool)} value={agentId} onChange={setAgentId} />
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
                        <SettingsView value={step.arguments} label={`Arguments of ${step.id}`} className="rounded bg-muted p-2" />
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
                  {/* A failed step shows its reason above: said once, not twice. */}
                  {run.failedStep ? `The dry run stopped at step "${run.failedStep}"; its reason is shown above.` : run.error}
                </p>
              )}
            </div>
          )}
        </div>
      </section>
    </Card>
  );
}
