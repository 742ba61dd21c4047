'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';
import { TextField } from '@/components/ui/text-field';
import type { FieldError } from '@/lib/app-error';
import { isProblem } from '@/lib/client-api/api-problem';
import { saveToolPolicy, toolPolicyQueryOptions } from '@/lib/client-api/policy-api';
import type { Sourced } from '@/lib/policy/layer-tool';
import type { ToolPolicyView } from '@/lib/policy/read-tool-policy';
import type { CallPolicy, PolicySource } from '@/lib/policy/tool-policy';

const SOURCE_WORDS: Record<PolicySource, string> = {
  tool: 'the tool itself',
  annotations: 'the tool\'s MCP annotations',
  group: 'the group default',
  agent: 'this agent',
};

/** Where a value comes from, in words. */
function from<T>(value: Sourced<T>): string {
  return `Now from ${SOURCE_WORDS[value.source]}.`;
}

interface Draft {
  displayName: string;
  description: string;
  parameters: Record<string, string>;
  callPolicy: CallPolicy | '';
}

function draftOf(view: ToolPolicyView): Draft {
  return {
    displayName: view.agent?.displayName ?? '',
    description: view.agent?.description ?? '',
    parameters: { ...view.agent?.parameterDescriptions },
    callPolicy: view.agent?.callPolicy ?? '',
  };
}

/** What the model is told about one tool for this agent, and how its calls pass: empty fields keep the layer below. */
export function PolicyEditor({ agentId, toolName, onClose }: { agentId: string; toolName: string; onClose: () => void }) {
  const query = useQuery(toolPolicyQueryOptions(agentId, toolName));
  if (query.isPending) return <p role="status" className="mt-3 text-sm text-muted-foreground">Loading what the model is told…</p>;
  if (query.error) return <p role="alert" className="mt-3 text-sm text-destructive">The policy could not be loaded: {query.error.message}</p>;
  return <PolicyForm key={query.data.version} view={query.data} agentId={agentId} toolName={toolName} onClose={onClose} />;
}

function PolicyForm({ view, agentId, toolName, onClose }: { view: ToolPolicyView; agentId: string; toolName: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(view));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [problem, setProblem] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const headingId = useId();
  const policyId = useId();
  const errorAt = (pointer: string) => errors.filter((error) => error.pointer === pointer).map((error) => error.message).join(' ') || undefined;
  const { effective } = view;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setIsSaving(true);
    setErrors([]);
    setProblem('');
    const parameterDescriptions = Object.fromEntries(Object.entries(draft.parameters).filter(([, text]) => text.trim() !== ''));
    try {
      const saved = await saveToolPolicy(
        agentId,
        toolName,
        {
          displayName: draft.displayName.trim() === '' ? null : draft.displayName.trim(),
          description: draft.description.trim() === '' ? null : draft.description,
          parameterDescriptions,
          callPolicy: draft.callPolicy === '' ? null : draft.callPolicy,
        },
        view.version,
      );
      queryClient.setQueryData(toolPolicyQueryOptions(agentId, toolName).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['agents', 'tools', agentId] });
      toast.success(`Saved what the model is told about ${toolName}.`);
      onClose();
    } catch (error) {
      if (isProblem(error)) setErrors(error.errors);
      setProblem(isProblem(error, 412) ? 'Someone else changed this policy meanwhile. Close and open it again to see theirs.' : error instanceof Error ? error.message : 'Not saved.');
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} aria-labelledby={headingId} className="mt-3 border-t pt-3" noValidate>
      <h4 id={headingId} className="mb-2 font-medium">What the model is told about {toolName}</h4>
      <p className="mb-3 text-sm text-muted-foreground">Leave a field empty to keep the group default or the tool&apos;s own words.</p>
      <TextField
        name="displayName"
        label="Name the model sees"
        value={draft.displayName}
        onChange={(displayName) => setDraft({ ...draft, displayName })}
        error={errorAt('/displayName')}
        help={`Shown now: ${effective.name.value}. ${from(effective.name)}`}
        isMonospace
      />
      <TextField
        name="description"
        label="Description"
        value={draft.description}
        onChange={(description) => setDraft({ ...draft, description })}
        error={errorAt('/description')}
        help={`${from(effective.description)} Shown now: ${effective.description.value.slice(0, 300)}`}
        isMultiline
      />
      {effective.parameters.map(({ name, description }) => (
        <TextField
          key={name}
          name={`parameter-${name}`}
          label={`Description of parameter ${name}`}
          value={draft.parameters[name] ?? ''}
          onChange={(text) => setDraft({ ...draft, parameters: { ...draft.parameters, [name]: text } })}
          error={errorAt(`/parameterDescriptions/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`)}
          help={description.value === null ? 'None now: the model gets no description of this parameter.' : `${from(description)} Shown now: ${description.value}`}
        />
      ))}
      <div className="mb-4 flex flex-col gap-1">
        <label htmlFor={policyId} className="text-sm font-medium">Calls</label>
        <Select id={policyId} value={draft.callPolicy} onChange={(event) => setDraft({ ...draft, callPolicy: event.target.value as Draft['callPolicy'] })} aria-describedby={`${policyId}-help`}>
          <option value="">Keep the default ({effective.callPolicy.source === 'agent' ? 'as below' : effective.callPolicy.value})</option>
          <option value="allow">Allow: run at once</option>
          <option value="ask">Ask: a person approves each call</option>
          <option value="deny">Deny: never run</option>
        </Select>
        <p id={`${policyId}-help`} className="text-sm text-muted-foreground">
          Now: {effective.callPolicy.value}. {from(effective.callPolicy)}
        </p>
      </div>
      {problem && <p role="alert" className="mb-3 text-sm text-destructive">{problem}</p>}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" size="sm" disabled={isSaving}>
          {isSaving ? 'Saving…' : 'Save what the model is told'}
        </Button>
        <Button type="button" size="sm" onClick={onClose}>Cancel</Button>
      </div>
    </form>
  );
}
