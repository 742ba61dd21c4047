'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import type { AgentListItem } from '@/lib/agents/agent';
import { AGENT_ID_RULE, slugify } from '@/lib/agents/agent-rules';
import { isProblem } from '@/lib/client-api/api-problem';
import { cloneAgent } from '@/lib/client-api/fleet-api';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormActions, FormAlert } from '@/components/ui/form-parts';
import { TextField } from '@/components/ui/text-field';
import { plural } from './plural';

/** Clone an agent: a new name and ID; its tools and their settings, its rules, tool policies and token budget are copied. */
export function CloneAgentDialog({ agent, onClose }: { agent: AgentListItem; onClose: () => void }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [name, setName] = useState(`Copy of ${agent.name}`);
  const [id, setId] = useState(slugify(`${agent.id}-copy`));
  // The ID follows the name until the admin edits it themselves.
  const [isIdEdited, setIsIdEdited] = useState(false);
  const changeName = (value: string) => {
    setName(value);
    if (!isIdEdited) setId(slugify(value));
  };
  const copies = [plural(agent.assignmentCount, 'tool'), ...(agent.ruleCount > 0 ? [plural(agent.ruleCount, 'group rule')] : [])].join(' and ');
  const [problem, setProblem] = useState('');
  const [isSaving, setIsSaving] = useState(false);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSaving(true);
    setProblem('');
    try {
      const cloned = await cloneAgent(agent.id, { id, name });
      void queryClient.invalidateQueries({ queryKey: ['agents'] });
      toast.success(`Cloned “${agent.name}” as “${cloned.agent.name}” with ${[plural(cloned.assignmentCount, 'tool'), ...(agent.ruleCount > 0 ? [plural(agent.ruleCount, 'group rule')] : [])].join(' and ')}.`);
      router.push(`/agents/${encodeURIComponent(cloned.agent.id)}`);
    } catch (error) {
      setIsSaving(false);
      setProblem(isProblem(error, 409) ? `An agent with the ID “${id}” already exists. Choose another ID.` : [error instanceof Error ? error.message : String(error), ...(isProblem(error) ? error.errors.map((field) => field.message) : [])].join(' '));
    }
  };

  return (
    <Dialog open onClose={onClose} title={`Clone ${agent.name}`} description={`The new agent gets the ${copies} of this one, with their settings. Its tool policies and token budget are copied too.`}>
      <form noValidate onSubmit={submit}>
        {problem && <FormAlert>The agent was not cloned. {problem}</FormAlert>}
        <TextField name="name" label="Name" value={name} onChange={changeName} isRequired isAutoFocus />
        <TextField
          name="id"
          label="ID"
          value={id}
          onChange={(value) => {
            setId(value);
            setIsIdEdited(true);
          }}
          isRequired
          isMonospace
          help={AGENT_ID_RULE}
        />
        <FormActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={isSaving || name.trim() === '' || id === ''}>
            {isSaving ? 'Cloning…' : 'Clone agent'}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
