'use client';

import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import Link from 'next/link';
import { useId, useRef, useState } from 'react';
import { isProblem } from '@/lib/client-api/api-problem';
import { applyConfigFile, configFileErrors, planConfigFile, type ConfigFileError, type ConfigPlan } from '@/lib/client-api/config-api';
import { useCan } from '@/components/auth/permissions-context';
import { Button, buttonVariants } from '@/components/ui/button';
import { Checkbox, Input } from '@/components/ui/input';
import { FormAlert } from '@/components/ui/form-parts';
import { plural } from '@/components/agents/plural';
import { ConfigEditor, type ConfigEditorHandle } from './config-editor';
import { PlanView } from './plan-view';

/** The /config page's live part: export, paste or upload a file, review its plan as a diff, apply it. */
export function ConfigImport() {
  const canWrite = useCan('agents:write');
  const queryClient = useQueryClient();
  const uploadId = useId();
  const pruneId = useId();
  const [file, setFile] = useState('');
  const [prune, setPrune] = useState(false);
  // The plan answers exactly this file and prune flag; any edit asks for a new one.
  const [plan, setPlan] = useState<{ plan: ConfigPlan; file: string; prune: boolean } | undefined>();
  const [errors, setErrors] = useState<ConfigFileError[]>([]);
  // The last plan applied, kept on screen with the time it was applied from (its audit events follow it).
  const [applied, setApplied] = useState<{ plan: ConfigPlan; since: string } | undefined>();
  const editor = useRef<ConfigEditorHandle>(null);
  const [problem, setProblem] = useState('');
  // What is under way, said beside the buttons: a fleet's file takes seconds to plan or apply.
  const [busyWith, setBusyWith] = useState<'planning' | 'applying' | undefined>();
  const isBusy = busyWith !== undefined;
  const current = plan && plan.file === file && plan.prune === prune ? plan.plan : undefined;

  const review = async () => {
    setBusyWith('planning');
    setProblem('');
    setErrors([]);
    setApplied(undefined);
    try {
      setPlan({ plan: await planConfigFile(file, prune), file, prune });
    } catch (error) {
      setPlan(undefined);
      if (isProblem(error, 400)) setErrors(configFileErrors(error));
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusyWith(undefined);
    }
  };

  const apply = async () => {
    if (!current) return;
    setBusyWith('applying');
    setProblem('');
    // A second early, so the link to the audit log surely takes in this apply's events.
    const since = new Date(Date.now() - 1000).toISOString();
    try {
      const done = await applyConfigFile(file, prune, current.hash);
      setPlan(undefined);
      setApplied({ plan: done, since });
      await queryClient.invalidateQueries({ queryKey: ['agents'] });
    } catch (error) {
      if (isProblem(error, 412)) {
        // The state moved on: the answer holds the plan as it stands now, to review again.
        setPlan({ plan: error.current as ConfigPlan, file, prune });
        setProblem('The configuration changed since this plan was made. Review the new plan below, then apply it.');
      } else {
        if (isProblem(error, 400)) setErrors(configFileErrors(error));
        setProblem(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setBusyWith(undefined);
    }
  };

  const upload = async (chosen: File | undefined) => {
    if (chosen) setFile(await chosen.text());
  };

  return (
    <>
      <section aria-labelledby="export-heading" className="mb-6">
        <h2 id="export-heading" className="mb-1 text-lg font-semibold">
          Export
        </h2>
        <p className="mb-2 text-sm text-muted-foreground">Every agent with its tools, their settings and its group rules, the MCP servers and the workflows, in a stable order, to keep in git and change by review.</p>
        <div className="flex flex-wrap gap-2">
          <a href="/api/v1/config" download="tools-admin.yaml" className={buttonVariants({ variant: 'secondary' })}>
            <Download aria-hidden="true" />
            Download YAML
          </a>
          <a href="/api/v1/config?format=json" download="tools-admin.json" className={buttonVariants({ variant: 'secondary' })}>
            <Download aria-hidden="true" />
            Download JSON
          </a>
        </div>
      </section>
      {canWrite && (
        <section aria-labelledby="import-heading">
          <h2 id="import-heading" className="mb-1 text-lg font-semibold">
            Import
          </h2>
          <p className="mb-3 text-sm text-muted-foreground">Paste or upload a file, review what it changes, then apply it: all of it or nothing. A server the file adds is connected to once while planning, to check the tools the file gives from it.</p>
          <div className="mb-3 flex flex-col gap-1">
            <label htmlFor={uploadId} className="text-sm font-medium">
              Upload a file
            </label>
            <Input id={uploadId} type="file" accept=".yaml,.yml,.json,application/yaml,application/json" onChange={(event) => void upload(event.target.files?.[0])} />
          </div>
          <ConfigEditor ref={editor} value={file} onChange={setFile} errors={errors} />
          <div className="mb-4 flex items-center gap-2">
            <Checkbox id={pruneId} checked={prune} onChange={(event) => setPrune(event.target.checked)} />
            <label htmlFor={pruneId} className="text-sm">
              Delete what the file leaves out (prune): agents, their tools and rules, and servers and workflows when it has those sections
            </label>
          </div>
          {problem && (
            <FormAlert>
              <p>{problem}</p>
              {errors.length > 0 && (
                <ul aria-label="Errors in the file" className="mt-2 list-disc pl-5">
                  {errors.map((error, index) => (
                    <li key={`${error.pointer}:${index}`}>
                      {error.line !== undefined && (
                        <>
                          <Button variant="link" className="h-auto p-0 align-baseline font-medium underline" onClick={() => editor.current?.goTo(error.line ?? 1, error.column)}>
                            Line {error.line}, column {error.column ?? 1}
                          </Button>
                          {': '}
                        </>
                      )}
                      {error.message}
                    </li>
                  ))}
                </ul>
              )}
            </FormAlert>
          )}
          <div className="flex flex-wrap gap-2">
            <Button variant={current ? 'secondary' : 'primary'} onClick={() => void review()} disabled={isBusy || file.trim() === ''}>
              Review plan
            </Button>
            <p aria-live="polite" className="self-center text-sm text-muted-foreground">
              {busyWith === 'planning' && 'Planning: checking every object of the file…'}
              {busyWith === 'applying' && 'Applying the plan in one transaction…'}
            </p>
          </div>
          {/* The plan first, then the button that applies it: nobody applies what they have not scrolled past. */}
          {current && <PlanView key={current.hash} plan={current} />}
          {current && current.changes.length > 0 && (
            <div className="mt-4 flex flex-wrap gap-2">
              <Button variant={current.summary.delete > 0 ? 'destructive' : 'primary'} onClick={() => void apply()} disabled={isBusy}>
                Apply {plural(current.changes.length, 'change')}
              </Button>
            </div>
          )}
          {applied && (
            <PlanView
              key={`applied:${applied.plan.hash}`}
              plan={applied.plan}
              title="Applied plan"
              status={
                <>
                  Applied {plural(applied.plan.changes.length, 'change')}.{' '}
                  <Link href={`/audit?${new URLSearchParams({ actor: 'config import', from: applied.since })}`} className="text-link underline underline-offset-2">
                    See its events in the audit log
                  </Link>
                </>
              }
            />
          )}
        </section>
      )}
    </>
  );
}
