'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { DeleteAgentDialog } from '@/components/agents/delete-agent-dialog';
import { EditAgentDialog } from '@/components/agents/edit-agent-dialog';
import type { Agent } from '@/lib/agents/agent';
import { useCan } from '@/components/auth/permissions-context';

interface AgentHeaderProps {
  agent: Agent;
  assignmentCount: number;
  canAddTools: boolean;
  onAddTools: () => void;
  onAnnounce: (message: string) => void;
}

/** The id of the Add tools button, where focus goes when a tool leaves the list. */
export const ADD_TOOLS_ID = 'add-tools';

const buttonClass = 'rounded-md border border-slate-400 px-3 py-1.5 text-sm';

/** The agent's name, id and description, with its actions: add tools, edit details, delete. */
export function AgentHeader({ agent, assignmentCount, canAddTools, onAddTools, onAnnounce }: AgentHeaderProps) {
  const canWrite = useCan('agents:write');
  const router = useRouter();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Arriving here (after creating the agent, or from the list), focus starts at the agent's name.
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold wrap-anywhere focus:outline-none">
          <bdi>{agent.name}</bdi>
        </h1>
        <p className="font-mono text-sm text-slate-600 wrap-anywhere">{agent.id}</p>
        {agent.description && <p className="mt-1 whitespace-pre-line text-slate-800 wrap-anywhere">{agent.description}</p>}
      </div>
      {canWrite && (
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={() => setDialog('edit')} className={buttonClass}>
          Edit details
        </button>
        <button type="button" onClick={() => setDialog('delete')} className={`${buttonClass} border-red-300 text-red-800`}>
          Delete agent
        </button>
        <button
          id={ADD_TOOLS_ID}
          type="button"
          onClick={onAddTools}
          disabled={!canAddTools}
          className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white disabled:bg-slate-400"
        >
          Add tools
        </button>
      </div>
      )}
      {dialog === 'edit' && (
        <EditAgentDialog
          agent={agent}
          onClose={() => setDialog(null)}
          onSaved={(name) => {
            setDialog(null);
            onAnnounce(`Saved the details of ${name}.`);
          }}
        />
      )}
      {dialog === 'delete' && (
        <DeleteAgentDialog
          agent={{ ...agent, assignmentCount }}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setDialog(null);
            router.push('/agents');
          }}
        />
      )}
    </div>
  );
}
