'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Agent } from '@/lib/agents/agent';
import { agentQueryOptions, deleteAgent } from '@/lib/client-api/agents-api';
import { isProblem } from '@/lib/client-api/api-problem';
import { assignmentsQueryOptions } from '@/lib/client-api/assignments-api';
import { Dialog } from '@/components/ui/dialog';
import { FormActions, FormAlert } from '@/components/ui/form-parts';
import { plural } from './plural';
import { Button } from '@/components/ui/button';

/** The agent as the dialog needs it: the agent and how many assignments it has. */
type AgentToDelete = Agent & { assignmentCount: number };

interface DeleteAgentDialogProps {
  /** The agent as the admin saw it in the list: its version goes out as If-Match, its count is what they are told. */
  agent: AgentToDelete;
  onClose: () => void;
  onDeleted: (name: string, deletedAssignments: number) => void;
}

/** Asks before deleting an agent, saying how many tool assignments go with it. */
export function DeleteAgentDialog({ agent, onClose, onDeleted }: DeleteAgentDialogProps) {
  const queryClient = useQueryClient();
  // What the admin is asked to confirm; replaced by a fresh read when someone else changed the agent.
  const [seen, setSeen] = useState<AgentToDelete>(agent);
  const [problem, setProblem] = useState<string>();
  const [isGone, setIsGone] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // With the agent gone the Delete button goes too; focus moves to the one button left.
  useEffect(() => {
    if (isGone) cancelRef.current?.focus();
  }, [isGone]);
  const mutation = useMutation({ mutationFn: (target: AgentToDelete) => deleteAgent(target.id, target.version) });

  const reload = async () => {
    const [fresh, assignments] = await Promise.all([
      queryClient.fetchQuery({ ...agentQueryOptions(agent.id), staleTime: 0 }),
      queryClient.fetchQuery({ ...assignmentsQueryOptions(agent.id), staleTime: 0 }),
    ]);
    setSeen({ ...fresh, assignmentCount: assignments.length });
  };

  // The list's count may be older than the agent's version (assigning a tool does not change
  // it): the dialog reads the agent's tools afresh, so it states what will really go with it.
  const freshTools = useQuery({ ...assignmentsQueryOptions(agent.id), staleTime: 0 });
  const assignmentCount = isGone ? seen.assignmentCount : (freshTools.data?.length ?? seen.assignmentCount);

  const confirm = async () => {
    setProblem(undefined);
    try {
      const { deletedAssignments } = await mutation.mutateAsync(seen);
      // The agent is gone: its own queries are dropped, not refetched into 404s.
      queryClient.removeQueries({ queryKey: agentQueryOptions(agent.id).queryKey });
      queryClient.removeQueries({ queryKey: assignmentsQueryOptions(agent.id).queryKey });
      void queryClient.invalidateQueries({ queryKey: ['agents', 'list'] });
      onDeleted(seen.name, deletedAssignments);
    } catch (error) {
      void queryClient.invalidateQueries({ queryKey: ['agents', 'list'] });
      if (isProblem(error, 404)) {
        setIsGone(true);
        setProblem('Someone else has already deleted this agent.');
      } else if (isProblem(error, 412)) {
        await reloadAfterChange();
      } else {
        setProblem(`The agent was not deleted. ${error instanceof Error ? error.message : ''}`);
      }
    }
  };

  const reloadAfterChange = async () => {
    try {
      await reload();
      setProblem('Someone else changed this agent since the list was loaded, so it was not deleted. Check what is shown above and confirm again.');
    } catch (error) {
      setIsGone(isProblem(error, 404));
      setProblem(isProblem(error, 404) ? 'Someone else has already deleted this agent.' : `The agent changed and could not be reloaded. ${error instanceof Error ? error.message : ''}`);
    }
  };

  const consequence =
    assignmentCount === 0
      ? 'It has no tools assigned.'
      : `Its ${plural(assignmentCount, 'assigned tool')} ${assignmentCount === 1 ? 'goes' : 'go'} with it.`;
  return (
    <Dialog open onClose={onClose} title={`Delete agent “${seen.name}”?`} description={consequence}>
      {problem && <FormAlert>{problem}</FormAlert>}
      <FormActions>
        <Button ref={cancelRef} onClick={onClose} variant="secondary" data-autofocus="">
          {isGone ? 'Close' : 'Cancel'}
        </Button>
        {!isGone && (
          <Button onClick={confirm} disabled={mutation.isPending} variant="destructive">
            {mutation.isPending ? 'Deleting…' : 'Delete agent'}
          </Button>
        )}
      </FormActions>
    </Dialog>
  );
}
