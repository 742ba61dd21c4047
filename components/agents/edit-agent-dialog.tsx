'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Agent } from '@/lib/agents/agent';
import { agentFieldErrors } from '@/lib/agents/agent-rules';
import { agentQueryOptions, updateAgent } from '@/lib/client-api/agents-api';
import { isProblem } from '@/lib/client-api/api-problem';
import { currentAgentOf } from '@/lib/client-api/current-agent';
import { firstInvalidField, formErrorsOf, type FormErrors } from '@/lib/client-api/form-errors';
import { Dialog } from '@/components/ui/dialog';
import { focusField, FormActions, FormAlert } from '@/components/ui/form-parts';
import { TextField } from '@/components/ui/text-field';
import { AgentConflict } from './agent-conflict';
import { Button } from '@/components/ui/button';

const FIELDS = ['name', 'description'] as const;
type EditField = (typeof FIELDS)[number];
type EditValues = Record<EditField, string>;

interface EditAgentDialogProps {
  /** The agent as the admin saw it in the list; its version goes out as If-Match. */
  agent: Agent;
  onClose: () => void;
  onSaved: (name: string) => void;
}

/** Renames or describes an agent; a save that finds it changed by someone else shows both versions. */
export function EditAgentDialog({ agent, onClose, onSaved }: EditAgentDialogProps) {
  return (
    <Dialog open onClose={onClose} title={`Edit agent “${agent.name}”`} description={<>ID <code>{agent.id}</code></>}>
      <EditAgentForm agent={agent} onCancel={onClose} onSaved={onSaved} />
    </Dialog>
  );
}

function EditAgentForm({ agent, onCancel, onSaved }: { agent: Agent; onCancel: () => void; onSaved: (name: string) => void }) {
  const queryClient = useQueryClient();
  // The version this edit is based on: the list's, or theirs once the admin has seen a conflict.
  const [base, setBase] = useState(agent);
  const [values, setValues] = useState<EditValues>({ name: agent.name, description: agent.description });
  const [theirs, setTheirs] = useState<Agent>();
  const [errors, setErrors] = useState<FormErrors<EditField>>({ fields: {} });
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useMutation({ mutationFn: ({ version, changes }: { version: number; changes: EditValues }) => updateAgent(agent.id, version, changes) });

  const change = (field: EditField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ fields: { ...current.fields, [field]: undefined }, form: current.form }));
  };

  const showErrors = (next: FormErrors<EditField>) => {
    flushSync(() => {
      setTheirs(undefined);
      setErrors(next);
    });
    if (formRef.current) focusField(formRef.current, firstInvalidField(next.fields, FIELDS));
  };

  const showConflict = async (error: unknown) => {
    void queryClient.invalidateQueries({ queryKey: ['agents', 'list'] });
    try {
      setTheirs(currentAgentOf(error) ?? (await queryClient.fetchQuery({ ...agentQueryOptions(agent.id), staleTime: 0 })));
      setErrors({ fields: {} });
    } catch (reloadError) {
      setErrors({ fields: {}, form: `Someone else changed this agent, and its new version could not be loaded. ${reloadError instanceof Error ? reloadError.message : ''}` });
    }
  };

  const save = async (version: number) => {
    const checked = agentFieldErrors(values);
    if (Object.keys(checked).length > 0) return showErrors({ fields: checked });
    try {
      const saved = await mutation.mutateAsync({ version, changes: values });
      queryClient.setQueryData(agentQueryOptions(saved.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['agents', 'list'] });
      onSaved(saved.name);
    } catch (error) {
      if (isProblem(error, 412)) return showConflict(error);
      showErrors(
        isProblem(error, 404)
          ? { fields: {}, form: 'Someone else deleted this agent, so there is nothing to save it to. Your text is still in the form.' }
          : formErrorsOf(error, FIELDS),
      );
    }
  };

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // While a conflict is shown, only its own buttons decide; Enter in a field must not overwrite.
    if (theirs) return;
    const isUnchanged = values.name.trim() === base.name && values.description.trim() === base.description;
    if (isUnchanged) onCancel();
    else void save(base.version);
  };

  const takeTheirs = () => {
    if (!theirs) return;
    flushSync(() => {
      setBase(theirs);
      setValues({ name: theirs.name, description: theirs.description });
      setTheirs(undefined);
    });
    if (formRef.current) focusField(formRef.current, 'name');
  };

  // Deliberate: the admin has seen their version and sends their version number as If-Match.
  const overwrite = () => {
    if (!theirs) return;
    setBase(theirs);
    void save(theirs.version);
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit}>
      {errors.form && <FormAlert>Not saved. {errors.form}</FormAlert>}
      {theirs && (
        <AgentConflict
          theirs={theirs}
          isSaving={mutation.isPending}
          onUseTheirs={takeTheirs}
          onOverwrite={overwrite}
        />
      )}
      <TextField name="name" label="Name" value={values.name} onChange={(value) => change('name', value)} error={errors.fields.name} isRequired isAutoFocus />
      <TextField name="description" label="Description" value={values.description} onChange={(value) => change('description', value)} error={errors.fields.description} isMultiline />
      <FormActions>
        <Button onClick={onCancel} variant="secondary">
          Cancel
        </Button>
        {!theirs && (
          <Button type="submit" disabled={mutation.isPending} variant="primary">
            {mutation.isPending ? 'Saving…' : 'Save'}
          </Button>
        )}
      </FormActions>
    </form>
  );
}
