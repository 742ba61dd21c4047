'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { DeleteAgentDialog } from '@/components/agents/delete-agent-dialog';
import { EditAgentDialog } from '@/components/agents/edit-agent-dialog';
import { History, Pencil, Plus, Trash2 } from 'lucide-react';
import { Button, buttonVariants } from '@/components/ui/button';
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

/** The agent's name, id and description, with its actions: add tools, edit details, delete. */
export function AgentHeader({ agent, assignmentCount, canAddTools, onAddTools, onAnnounce }: AgentHeaderProps) {
  const canWrite = useCan('agents:write');
  const router = useRouter();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Arriving here (after creating the agent, or from the list), focus starts at the agent's name.
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  return (
    <div className="mb-6">
      {/* The buttons sit in one place whatever the name's length: beside the title on wide screens, right under it on phones. */}
      <div className="flex flex-col gap-3 md:flex-row md:items-start">
        <div className="min-w-0 flex-1">
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold tracking-tight wrap-anywhere focus:outline-none">
            <bdi>{agent.name}</bdi>
          </h1>
          <p className="font-mono text-sm text-muted-foreground wrap-anywhere">{agent.id}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 md:flex-nowrap">
          <Link href={`/agents/${encodeURIComponent(agent.id)}/history`} className={buttonVariants()}>
            <History aria-hidden="true" />
            History
          </Link>
          {canWrite && (
          <>
          <Button onClick={() => setDialog('edit')}>
            <Pencil aria-hidden="true" />
            Edit details
          </Button>
          <Button onClick={() => setDialog('delete')} className="text-destructive">
            <Trash2 aria-hidden="true" />
            Delete agent
          </Button>
          <Button id={ADD_TOOLS_ID} variant="primary" onClick={onAddTools} disabled={!canAddTools}>
            <Plus aria-hidden="true" />
            Add tools
          </Button>
          </>
          )}
        </div>
      </div>
      {agent.description && <p className="mt-2 whitespace-pre-line text-foreground wrap-anywhere">{agent.description}</p>}
      {dialog === 'edit' && (
        <EditAgentDialog
          agent={agent}
          onClose={() => setDialog(null)}
          onSaved={(name) => {
            setDialog(null);
            onAnnounce(`Saved the details of ${name}.`);
            toast.success('Agent details saved.');
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
