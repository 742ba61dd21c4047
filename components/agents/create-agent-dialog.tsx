'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { flushSync } from 'react-dom';
import { AGENT_ID_RULE, slugify, type AgentField } from '@/lib/agents/agent-rules';
import { agentQueryOptions, createAgent } from '@/lib/client-api/agents-api';
import { isProblem } from '@/lib/client-api/api-problem';
import { firstInvalidField, formErrorsOf, type FormErrors } from '@/lib/client-api/form-errors';
import { Dialog } from '@/components/ui/dialog';
import { focusField, FormActions, FormAlert } from '@/components/ui/form-parts';
import { TextField } from '@/components/ui/text-field';
import { newAgentErrors, type NewAgentValues } from './new-agent-errors';
import { Button } from '@/components/ui/button';

const FIELDS = ['name', 'id', 'description'] as const;

/** The New agent dialog: name, an ID made from it until the admin types one, and a description. */
export function CreateAgentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="New agent">
      <CreateAgentForm onCancel={onClose} />
    </Dialog>
  );
}

function CreateAgentForm({ onCancel }: { onCancel: () => void }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<NewAgentValues>({ name: '', id: '', description: '' });
  const [isIdFromName, setIsIdFromName] = useState(true);
  const [hasTriedSubmit, setHasTriedSubmit] = useState(false);
  const [errors, setErrors] = useState<FormErrors<AgentField>>({ fields: {} });
  const mutation = useMutation({ mutationFn: createAgent });

  const change = (field: AgentField, value: string) => {
    const next = { ...values, [field]: value };
    const keepsIdFromName = isIdFromName && field !== 'id';
    if (keepsIdFromName && field === 'name') next.id = slugify(value);
    setValues(next);
    setIsIdFromName(keepsIdFromName);
    // A field's old error goes as it changes; after a first try, its new one shows at once.
    const checked = newAgentErrors(next, keepsIdFromName);
    const changed: AgentField[] = field === 'name' && keepsIdFromName ? ['name', 'id'] : [field];
    setErrors((current) => {
      const fields = { ...current.fields };
      for (const name of changed) fields[name] = hasTriedSubmit ? checked[name] : undefined;
      return { fields, form: current.form };
    });
  };

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setHasTriedSubmit(true);
    const checked = newAgentErrors(values, isIdFromName);
    if (Object.keys(checked).length > 0) {
      flushSync(() => setErrors({ fields: checked }));
      focusField(form, firstInvalidField(checked, FIELDS));
      return;
    }
    try {
      const agent = await mutation.mutateAsync({ id: values.id, name: values.name, description: values.description });
      queryClient.setQueryData(agentQueryOptions(agent.id).queryKey, agent);
      void queryClient.invalidateQueries({ queryKey: ['agents', 'list'] });
      toast.success(`Created agent “${agent.name}”.`);
      router.push(`/agents/${encodeURIComponent(agent.id)}`);
    } catch (error) {
      const next = isProblem(error, 409)
        ? { fields: { id: `An agent with the ID “${values.id}” already exists. Choose another ID.` } }
        : formErrorsOf(error, FIELDS);
      flushSync(() => setErrors(next));
      focusField(form, firstInvalidField(next.fields, FIELDS));
    }
  };

  const isSaving = mutation.isPending || mutation.isSuccess;
  return (
    <form noValidate onSubmit={submit}>
      {errors.form && <FormAlert>The agent was not created. {errors.form}</FormAlert>}
      <TextField name="name" label="Name" value={values.name} onChange={(value) => change('name', value)} error={errors.fields.name} isRequired isAutoFocus />
      <TextField
        name="id"
        label="ID"
        value={values.id}
        onChange={(value) => change('id', value)}
        error={errors.fields.id}
        isRequired
        isMonospace
        help={`${isIdFromName ? 'Made from the name until you change it. ' : ''}${AGENT_ID_RULE} It cannot be changed later.`}
      />
      <TextField name="description" label="Description" value={values.description} onChange={(value) => change('description', value)} error={errors.fields.description} isMultiline />
      <FormActions>
        <Button onClick={onCancel} variant="secondary">
          Cancel
        </Button>
        <Button type="submit" disabled={isSaving} variant="primary">
          {isSaving ? 'Creating…' : 'Create agent'}
        </Button>
      </FormActions>
    </form>
  );
}
