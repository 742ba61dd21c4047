'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox, Input, Select } from '@/components/ui/input';
import { TextField } from '@/components/ui/text-field';
import { isProblem } from '@/lib/client-api/api-problem';
import { saveWorkflow } from '@/lib/client-api/workflows-api';
import { catalogueQueryOptions } from '@/lib/catalogue/catalogue-query';
import { WORKFLOW_INPUT_TYPES, type Workflow, type WorkflowDefinition, type WorkflowInput, type WorkflowInputType, type WorkflowStep } from '@/lib/workflows/workflow';
import { DryRunPanel } from './dry-run-panel';
import { StepEditor } from './step-editor';

type FieldErrors = readonly { pointer: string; message: string }[];

/** Creates a workflow, or edits one (its name stays: agents are assigned its tool by name). */
export function WorkflowEditor({ workflow, onDone }: { workflow?: Workflow; onDone: (message: string) => void }) {
  const queryClient = useQueryClient();
  const catalogue = useQuery(catalogueQueryOptions);
  const [name, setName] = useState(workflow?.name ?? '');
  const [description, setDescription] = useState(workflow?.description ?? '');
  const [inputs, setInputs] = useState<WorkflowInput[]>(workflow?.inputs ?? []);
  const [steps, setSteps] = useState<WorkflowStep[]>(workflow?.steps ?? [{ id: 'step1', tool: '', arguments: {} }]);
  const [output, setOutput] = useState(workflow?.output ?? '');
  const [version, setVersion] = useState(workflow?.version);
  const [errors, setErrors] = useState<FieldErrors>([]);
  const [problem, setProblem] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const headingId = useId();
  const definition: WorkflowDefinition = { name, description, inputs, steps, output };
  // The workflow's own tool may not be a step; the picker does not offer it.
  const tools = (catalogue.data?.tools ?? []).filter((tool) => tool.name !== `workflow_${name}`);

  const errorsUnder = (prefix: string): FieldErrors =>
    errors.filter((error) => error.pointer === prefix || error.pointer.startsWith(`${prefix}/`)).map((error) => ({ ...error, pointer: error.pointer.slice(prefix.length) }));
  const firstError = (pointer: string) => errors.find((error) => error.pointer === pointer)?.message;

  const save = async () => {
    setIsSaving(true);
    setProblem('');
    setErrors([]);
    try {
      const saved = await saveWorkflow(definition, version);
      setVersion(saved.version);
      await queryClient.invalidateQueries({ queryKey: ['workflows'] });
      await queryClient.invalidateQueries({ queryKey: ['catalogue'] });
      onDone(version === undefined ? `Saved the workflow ${saved.name}; its tool is ${saved.toolName}.` : `Saved the changes to ${saved.name}.`);
    } catch (error) {
      if (isProblem(error)) {
        setErrors(error.errors);
        setProblem(
          error.status === 412
            ? 'Someone else changed this workflow meanwhile. Reload the list to see their version.'
            : error.errors.length > 0 ? `${error.message}: see the fields marked below.` : error.message,
        );
      } else {
        setProblem(error instanceof Error ? error.message : 'The workflow could not be saved.');
      }
    } finally {
      setIsSaving(false);
    }
  };

  const updateStep = (index: number, step: WorkflowStep) => setSteps((previous) => previous.map((other, at) => (at === index ? step : other)));
  const moveStep = (index: number, offset: -1 | 1) =>
    setSteps((previous) => {
      const next = [...previous];
      const [moved] = next.splice(index, 1);
      if (moved) next.splice(index + offset, 0, moved);
      return next;
    });
  const updateInput = (index: number, change: Partial<WorkflowInput>) => setInputs((previous) => previous.map((input, at) => (at === index ? { ...input, ...change } : input)));

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold">
        {workflow ? `Edit workflow ${workflow.name}` : 'New workflow'}
      </h2>
      <Card className="p-4">
        {workflow ? (
          <p className="mb-4 text-sm">
            Name <code className="font-mono">{workflow.name}</code>, tool <code className="font-mono">{workflow.toolName}</code> (a name cannot change: agents are assigned the tool by it).
          </p>
        ) : (
          <TextField
            name="name"
            label="Name"
            value={name}
            onChange={setName}
            isRequired
            isMonospace
            isAutoFocus
            error={firstError('/name')}
            help={`Lower-case letters, digits and underscores; the tool is called workflow_${name || '<name>'}.`}
          />
        )}
        <TextField name="description" label="Description" value={description} onChange={setDescription} isMultiline error={firstError('/description')} help="Shown to the model as the tool's description." />
      </Card>

      <Card className="p-4">
        <h3 className="mb-1 font-semibold">Inputs</h3>
        <p className="mb-3 text-sm text-muted-foreground">
          The tool&apos;s parameters; steps read them as <code className="font-mono">{'{{input.<name>}}'}</code>.
        </p>
        {inputs.length === 0 && <p className="mb-3 text-sm text-muted-foreground">No inputs yet.</p>}
        <ul className="flex flex-col gap-3">
          {inputs.map((input, index) => (
            <InputRow key={index} index={index} input={input} onChange={(change) => updateInput(index, change)} onRemove={() => setInputs((previous) => previous.filter((_, at) => at !== index))} errors={errorsUnder(`/inputs/${index}`)} />
          ))}
        </ul>
        <Button className="mt-3" onClick={() => setInputs((previous) => [...previous, { name: '', type: 'string', required: true, description: '' }])}>
          Add input
        </Button>
      </Card>

      <div>
        <h3 className="mb-2 font-semibold">Steps</h3>
        {errorsUnder('/steps').filter((error) => error.pointer === '').map((error) => (
          <p key={error.message} role="alert" className="mb-2 text-sm text-destructive">{error.message}</p>
        ))}
        <ol className="flex flex-col gap-3">
          {steps.map((step, index) => (
            <StepEditor
              key={index}
              index={index}
              step={step}
              tools={tools}
              onChange={(next) => updateStep(index, next)}
              onRemove={() => setSteps((previous) => previous.filter((_, at) => at !== index))}
              onMove={(offset) => moveStep(index, offset)}
              isFirst={index === 0}
              isLast={index === steps.length - 1}
              errors={errorsUnder(`/steps/${index}`)}
            />
          ))}
        </ol>
        <Button className="mt-3" onClick={() => setSteps((previous) => [...previous, { id: nextStepId(previous), tool: '', arguments: {} }])}>
          Add step
        </Button>
      </div>

      <Card className="p-4">
        <TextField
          name="output"
          label="Output"
          value={output}
          onChange={setOutput}
          isMonospace
          error={firstError('/output')}
          help="A template such as {{steps.count.result}}; leave it empty for the last step's result."
        />
      </Card>

      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" onClick={() => void save()} disabled={isSaving}>
          {isSaving ? 'Saving…' : 'Save workflow'}
        </Button>
        <Button onClick={() => onDone('')}>{version === undefined ? 'Cancel' : 'Close'}</Button>
      </div>

      <DryRunPanel definition={definition} />
    </section>
  );
}

function InputRow({ index, input, onChange, onRemove, errors }: { index: number; input: WorkflowInput; onChange: (change: Partial<WorkflowInput>) => void; onRemove: () => void; errors: FieldErrors }) {
  const id = useId();
  const label = `Input ${index + 1}`;
  return (
    <li>
      <div className="flex flex-wrap items-end gap-3 rounded-md border border-border p-3" role="group" aria-label={label}>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-name`} className="text-sm font-medium">{`${label} name`}</label>
          <Input id={`${id}-name`} value={input.name} onChange={(event) => onChange({ name: event.target.value })} className="w-40 py-1.5 font-mono" autoComplete="off" />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-type`} className="text-sm font-medium">{`${label} type`}</label>
          <Select id={`${id}-type`} value={input.type} onChange={(event) => onChange({ type: event.target.value as WorkflowInputType })} className="py-1.5">
            {WORKFLOW_INPUT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </Select>
        </div>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <Checkbox checked={input.required} onChange={(event) => onChange({ required: event.target.checked })} />
          {`${label} required`}
        </label>
        <div className="flex min-w-48 flex-1 flex-col gap-1">
          <label htmlFor={`${id}-description`} className="text-sm font-medium">{`${label} description`}</label>
          <Input id={`${id}-description`} value={input.description} onChange={(event) => onChange({ description: event.target.value })} className="py-1.5" autoComplete="off" />
        </div>
        <Button variant="secondary" onClick={onRemove} aria-label={`Remove ${label}`}>
          Remove
        </Button>
        {errors.length > 0 && (
          <ul role="alert" className="w-full text-sm text-destructive">
            {errors.map((error) => (
              <li key={`${error.pointer}:${error.message}`}>{error.message}</li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

function nextStepId(steps: readonly WorkflowStep[]): string {
  let n = steps.length + 1;
  while (steps.some((step) => step.id === `step${n}`)) n += 1;
  return `step${n}`;
}
