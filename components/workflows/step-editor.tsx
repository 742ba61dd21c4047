'use client';

import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ToolPicker } from '@/components/tool-picker/tool-picker';
import { ArgumentsForm } from './arguments-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Checkbox, Input, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toolEntryQueryOptions } from '@/lib/client-api/assignments-api';
import { unescapePointerToken } from '@/lib/json-pointer';
import type { ToolSummary } from '@/lib/catalogue/tool-summary';
import type { WorkflowStep } from '@/lib/workflows/workflow';

interface StepEditorProps {
  index: number;
  step: WorkflowStep;
  tools: readonly ToolSummary[];
  onChange: (step: WorkflowStep) => void;
  onRemove: () => void;
  onMove: (offset: -1 | 1) => void;
  isFirst: boolean;
  isLast: boolean;
  /** Server errors for this step, pointers relative to it (`/tool`, `/arguments/text`). */
  errors: readonly { pointer: string; message: string }[];
}

/**
 * One step of a workflow: its id, its tool chosen in the grouped picker, and its arguments from
 * an RJSF form generated from the tool's parameters schema. Any value may be a template
 * (`{{input.city}}`, `{{steps.extract.result}}`); the server checks them on save. Values a form
 * field cannot hold as text (a template for a number) are written in the JSON view.
 */
export function StepEditor({ index, step, tools, onChange, onRemove, onMove, isFirst, isLast, errors }: StepEditorProps) {
  const [isPicking, setIsPicking] = useState(false);
  const [isJson, setIsJson] = useState(false);
  const [jsonText, setJsonText] = useState(() => JSON.stringify(step.arguments, null, 2));
  const [jsonProblem, setJsonProblem] = useState('');
  const entry = useQuery({ ...toolEntryQueryOptions(step.tool), enabled: step.tool !== '' });
  const idField = useId();
  const jsonId = useId();
  const headingId = useId();
  const label = `Step ${index + 1}`;
  // Each error goes on its field: the id, the tool, an argument (the form marks it); the rest above.
  const idError = messagesAt(errors, '/id');
  const toolError = messagesAt(errors, '/tool');
  const argumentErrors = errors.filter((error) => error.pointer.startsWith('/arguments/'));
  const otherErrors = errors.filter((error) => error.pointer !== '/id' && error.pointer !== '/tool' && !error.pointer.startsWith('/arguments/'));
  const argumentErrorTree = argumentsErrorTree(argumentErrors);

  const choose = (names: readonly string[], isChosen: boolean) => {
    const name = names[0];
    if (!isChosen || name === undefined) return;
    onChange({ ...step, tool: name, arguments: name === step.tool ? step.arguments : {} });
    setJsonText('{}');
    setIsPicking(false);
  };

  const editJson = (text: string) => {
    setJsonText(text);
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('The arguments must be a JSON object');
      setJsonProblem('');
      onChange({ ...step, arguments: value as Record<string, unknown> });
    } catch (error) {
      setJsonProblem(error instanceof Error ? error.message : 'Not valid JSON');
    }
  };

  return (
    <li>
      <Card className="p-4" role="group" aria-labelledby={headingId}>
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="font-semibold">
            {label}
            {step.tool && <span className="ml-2 font-mono text-sm font-normal text-muted-foreground">{step.tool}</span>}
          </h3>
          <div className="ml-auto flex gap-1">
            <Button size="sm" variant="ghost" disabled={isFirst} onClick={() => onMove(-1)} aria-label={`Move ${label} up`}>
              Up
            </Button>
            <Button size="sm" variant="ghost" disabled={isLast} onClick={() => onMove(1)} aria-label={`Move ${label} down`}>
              Down
            </Button>
            <Button size="sm" variant="secondary" onClick={onRemove} aria-label={`Remove ${label}`}>
              Remove
            </Button>
          </div>
        </div>
        <div className="mb-3 flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={idField} className="text-sm font-medium">
              {`${label} id`}
            </label>
            <Input
              id={idField}
              value={step.id}
              onChange={(event) => onChange({ ...step, id: event.target.value })}
              className="w-48 py-1.5 font-mono"
              autoComplete="off"
              aria-invalid={idError ? true : undefined}
              aria-describedby={idError ? `${idField}-error` : undefined}
            />
            {idError && (
              <p id={`${idField}-error`} className="text-sm text-destructive">
                {idError}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-1">
            <Button
              onClick={() => setIsPicking(true)}
              aria-label={step.tool ? `Change the tool of ${label} (${step.tool})` : `Choose the tool of ${label}`}
              aria-describedby={toolError ? `${idField}-tool-error` : undefined}
            >
              {step.tool ? 'Change tool' : 'Choose tool'}
            </Button>
            {toolError && (
              <p id={`${idField}-tool-error`} className="text-sm text-destructive">
                {toolError}
              </p>
            )}
          </div>
        </div>
        <p className="mb-2 text-xs text-muted-foreground">
          Its result is <code className="font-mono">{`{{steps.${step.id || 'id'}.result}}`}</code> in later steps and the output.
        </p>
        <StepErrors errors={otherErrors} />
        {argumentErrors.length > 0 && (
          <p role="alert" className="mb-2 text-sm text-destructive">
            {argumentErrors.length === 1 ? 'An argument is refused; see the field marked below.' : `${argumentErrors.length} arguments are refused; see the fields marked below.`}
          </p>
        )}
        {step.tool !== '' && (
          <div>
            <label className="mb-2 flex items-center gap-2 text-sm">
              <Checkbox checked={isJson} onChange={(event) => {
                setIsJson(event.target.checked);
                setJsonText(JSON.stringify(step.arguments, null, 2));
                setJsonProblem('');
              }} />
              {`Edit the arguments of ${label} as JSON`}
            </label>
            {isJson ? (
              <div className="flex flex-col gap-1">
                <label htmlFor={jsonId} className="text-sm font-medium">
                  {`Arguments of ${label} (JSON)`}
                </label>
                <Textarea id={jsonId} value={jsonText} onChange={(event) => editJson(event.target.value)} rows={5} className="font-mono" aria-invalid={jsonProblem ? true : undefined} />
                {jsonProblem && <p className="text-sm text-destructive">{jsonProblem}</p>}
                {argumentErrors.map((error) => (
                  <p key={`${error.pointer}:${error.message}`} className="text-sm text-destructive">
                    {argumentName(error.pointer)}: {error.message}
                  </p>
                ))}
              </div>
            ) : entry.isPending ? (
              <Skeleton className="h-20 w-full" />
            ) : entry.isError ? (
              <p role="alert" className="text-sm text-destructive">
                The tool&apos;s schema could not be loaded: {entry.error.message}. Edit the arguments as JSON instead.
              </p>
            ) : (
              <ArgumentsForm
                idPrefix={`step-${index}`}
                schema={entry.data.parametersSchema as RJSFSchema}
                value={step.arguments}
                errors={argumentErrorTree}
                onChange={(args) => onChange({ ...step, arguments: args })}
              />
            )}
          </div>
        )}
      </Card>
      <Dialog open={isPicking} onClose={() => setIsPicking(false)} title={`Choose the tool of ${label}`} description="Enter chooses the highlighted tool · Escape closes" isWide>
        <ToolPicker tools={tools} assigned={new Set()} chosen={new Set(step.tool ? [step.tool] : [])} onToggle={choose} onConfirm={() => setIsPicking(false)} />
      </Dialog>
    </li>
  );
}

function StepErrors({ errors }: { errors: readonly { pointer: string; message: string }[] }) {
  if (errors.length === 0) return null;
  return (
    <ul role="alert" className="mb-2 list-disc pl-5 text-sm text-destructive">
      {errors.map((error) => (
        <li key={`${error.pointer}:${error.message}`}>{error.message}</li>
      ))}
    </ul>
  );
}

function messagesAt(errors: readonly { pointer: string; message: string }[], pointer: string): string | undefined {
  const found = errors.filter((error) => error.pointer === pointer).map((error) => error.message);
  return found.length > 0 ? found.join(' ') : undefined;
}

/** `/arguments/office/city` as "office › city". */
function argumentName(pointer: string): string {
  return pointer.slice('/arguments/'.length).split('/').map(unescapePointerToken).join(' › ');
}

/** Errors under `/arguments/…` as the tree RJSF marks its fields with. */
function argumentsErrorTree(errors: readonly { pointer: string; message: string }[]): ErrorSchema {
  const tree: ErrorSchema = {};
  for (const { pointer, message } of errors) {
    let node: ErrorSchema = tree;
    for (const key of pointer.slice('/arguments/'.length).split('/').map(unescapePointerToken)) {
      const next: ErrorSchema = node[key] ?? {};
      node[key] = next;
      node = next;
    }
    node.__errors = [...(node.__errors ?? []), message];
  }
  return tree;
}
