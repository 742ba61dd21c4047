'use client';

import type { RJSFSchema } from '@rjsf/utils';
import { useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { isPlainObject } from '@/lib/json-pointer';
import { inputsSchema, type WorkflowInput } from '@/lib/workflows/workflow';
import { ArgumentsForm } from './arguments-form';

interface DryRunArgumentsProps {
  inputs: readonly WorkflowInput[];
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  /** The JSON text does not parse to an object: the message, or '' once it does. */
  onJsonProblem: (problem: string) => void;
}

/**
 * The dry run's arguments as a form made from the workflow's inputs (one field each), with
 * "Edit as JSON" for those who would rather type the object. Both edit the same value.
 */
export function DryRunArguments({ inputs, value, onChange, onJsonProblem }: DryRunArgumentsProps) {
  const [jsonText, setJsonText] = useState<string | null>(null);
  const headingId = useId();
  const jsonId = useId();
  const named = useMemo(() => inputs.filter((input) => input.name.trim() !== ''), [inputs]);
  const schema = useMemo(() => ({ ...inputsSchema(named), title: undefined }) as RJSFSchema, [named]);
  const isJson = jsonText !== null;

  const toggle = () => {
    if (!isJson) {
      setJsonText(JSON.stringify(value, null, 2));
      return;
    }
    setJsonText(null);
    onJsonProblem('');
  };
  const editJson = (text: string) => {
    setJsonText(text);
    const parsed = parseObject(text);
    if (typeof parsed === 'string') {
      onJsonProblem(parsed);
      return;
    }
    onJsonProblem('');
    onChange(parsed);
  };

  return (
    <div role="group" aria-labelledby={headingId} className="mb-3">
      <div className="mb-1 flex flex-wrap items-center gap-2">
        <p id={headingId} className="flex-1 text-sm font-medium">
          Dry-run arguments
        </p>
        <Button size="sm" variant="ghost" aria-pressed={isJson} onClick={toggle}>
          Edit as JSON
        </Button>
      </div>
      {isJson ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={jsonId} className="sr-only">
            Dry-run arguments (JSON)
          </label>
          <Textarea id={jsonId} value={jsonText} onChange={(event) => editJson(event.target.value)} rows={4} className="font-mono" spellCheck={false} />
        </div>
      ) : named.length === 0 ? (
        <p className="text-sm text-muted-foreground">This workflow has no inputs.</p>
      ) : (
        <ArgumentsForm idPrefix="dry-run-arguments" schema={schema} value={value} onChange={onChange} />
      )}
    </div>
  );
}

function parseObject(text: string): Record<string, unknown> | string {
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isPlainObject(parsed) ? parsed : 'The arguments must be a JSON object, e.g. {"text": "…"}.';
  } catch {
    return 'The arguments are not valid JSON.';
  }
}
