import { useEffect, useRef } from 'react';
import type { Agent } from '@/lib/agents/agent';
import { Button } from '@/components/ui/button';

interface AgentConflictProps {
  /** The agent as someone else saved it. */
  theirs: Agent;
  isSaving: boolean;
  onUseTheirs: () => void;
  onOverwrite: () => void;
}

/** A save that found the agent changed by someone else: their version beside the admin's form, and a deliberate choice. */
export function AgentConflict({ theirs, isSaving, onUseTheirs, onOverwrite }: AgentConflictProps) {
  const ref = useRef<HTMLDivElement>(null);
  // The Save button that led here is gone; keyboard focus starts at the news instead.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="mb-4 rounded-md border border-warning/40 bg-warning-muted p-3 text-sm text-warning">
      <p className="mb-2 font-semibold">Someone else changed this agent while you were editing it.</p>
      <p className="mb-2">Your changes are not saved yet and are still in the form below. Their version:</p>
      <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="font-medium">Their name</dt>
        <dd className="wrap-anywhere">{theirs.name}</dd>
        <dt className="font-medium">Their description</dt>
        <dd className="whitespace-pre-line wrap-anywhere">{theirs.description || <em>(none)</em>}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onUseTheirs} disabled={isSaving} variant="secondary">
          Use their version
        </Button>
        <Button onClick={onOverwrite} disabled={isSaving} variant="primary">
          {isSaving ? 'Saving…' : 'Save mine anyway'}
        </Button>
      </div>
    </div>
  );
}
