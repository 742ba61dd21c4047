'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { workWhenIdle } from '@/lib/client/idle-work';
import type { ToolSummary } from '@/lib/catalogue/tool-summary';
import { preparingPicker, thenCall } from './prepare-picker';
import { ToolPicker } from './tool-picker';

interface ToolPickerDialogProps {
  isOpen: boolean;
  onClose: () => void;
  agentName: string;
  tools: readonly ToolSummary[];
  assigned: ReadonlySet<string>;
  /** Tools chosen earlier whose settings are still being filled in. */
  pending: ReadonlySet<string>;
  /** Adds the chosen tools; the caller closes the dialog once they are added. */
  onAdd: (names: readonly string[]) => Promise<void>;
  /** When given, each group offers "Add the whole group as a rule". */
  onAddGroupRule?: (group: string) => void;
  /** Groups the agent already has as rules. */
  ruleGroups?: ReadonlySet<string>;
}

/**
 * "Add tools": the tool picker in a modal dialog, with the chosen count and the Add button. What
 * the picker needs (the catalogue's index, each group's choosable tools, the count format, the
 * search text) is prepared in short steps while the page is idle, so the first opening does not
 * wait for it. Then the picker itself is rendered, hidden, while the page is idle (the dialog's
 * `isPrerendered`): the first opening used to run its code cold, several times slower than later
 * openings, and now runs it warm.
 */
export function ToolPickerDialog({ isOpen, onClose, agentName, ...picking }: ToolPickerDialogProps) {
  const { tools, assigned, pending } = picking;
  // Rendered hidden only after the preparing: rendering first would do it in one long step.
  const [isPrepared, setIsPrepared] = useState(false);
  useEffect(() => (tools.length > 0 ? workWhenIdle(thenCall(preparingPicker(tools, assigned, pending), () => setIsPrepared(true))) : undefined), [tools, assigned, pending]);
  const chosenCount = useRef(0);
  const setChosenCount = useCallback((count: number) => {
    chosenCount.current = count;
  }, []);
  // Escape or Cancel with tools chosen would drop the choice: ask first.
  const { confirm, dialog } = useConfirm();
  const close = async () => {
    const count = chosenCount.current;
    const chosen = `${count} chosen ${count === 1 ? 'tool' : 'tools'}`;
    if (count > 0 && !(await confirm({ title: `Close without adding the ${chosen}?`, description: 'The choice is dropped.', confirmLabel: 'Close', cancelLabel: 'Keep choosing' }))) return;
    onClose();
  };
  return (
    <>
    <Dialog
      open={isOpen}
      onClose={() => void close()}
      title={`Add tools to ${agentName}`}
      description={
        <>
          {/* Keyboard hints only on a wide screen with a fine pointer; a phone or a touch screen gets its own. */}
          <span className="hidden sm:pointer-fine:inline">Enter chooses the highlighted tool · Ctrl+Enter adds the chosen tools · Escape closes</span>
          <span className="sm:pointer-fine:hidden">Tap tools to choose them, then add them.</span>
        </>
      }
      isWide
      isPrerendered={isPrepared}
    >
      <ChooseTools onCancel={() => void close()} onChosenCount={setChosenCount} {...picking} />
    </Dialog>
    {dialog}
    </>
  );
}

type ChooseToolsProps = Pick<ToolPickerDialogProps, 'tools' | 'assigned' | 'pending' | 'onAdd' | 'onAddGroupRule' | 'ruleGroups'> & {
  onCancel: () => void;
  onChosenCount: (count: number) => void;
};

// A fresh one for each opening (see Dialog), so each opening starts with nothing chosen.
function ChooseTools({ tools, assigned, pending, onAdd, onAddGroupRule, ruleGroups, onCancel, onChosenCount }: ChooseToolsProps) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [isAdding, setIsAdding] = useState(false);
  useEffect(() => onChosenCount(chosen.size), [chosen, onChosenCount]);
  useEffect(() => () => onChosenCount(0), [onChosenCount]);

  // One function for the dialog's life, so the options (memoised) are not redrawn when it changes.
  const toggle = useCallback(
    (names: readonly string[], choose: boolean) =>
      setChosen((previous) => {
        const next = new Set(previous);
        for (const name of names) {
          if (choose) next.add(name);
          else next.delete(name);
        }
        return next;
      }),
    [],
  );

  const add = async () => {
    if (chosen.size === 0 || isAdding) return;
    setIsAdding(true);
    try {
      await onAdd([...chosen]);
    } finally {
      setIsAdding(false);
    }
  };

  const count = chosen.size;
  return (
    <div className="flex flex-col gap-3">
      <ToolPicker
        tools={tools}
        assigned={assigned}
        pending={pending}
        chosen={chosen}
        onToggle={toggle}
        onConfirm={() => void add()}
        onAddGroupRule={onAddGroupRule}
        ruleGroups={ruleGroups}
      />
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-border pt-3">
        <span className="mr-auto text-sm text-muted-foreground" aria-live="polite">
          {count === 0 ? 'No tools chosen' : `${count} ${count === 1 ? 'tool' : 'tools'} chosen`}
        </span>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="primary" onClick={() => void add()} disabled={count === 0 || isAdding}>
          {isAdding ? 'Adding…' : count === 0 ? 'Add tools' : `Add ${count} ${count === 1 ? 'tool' : 'tools'}`}
        </Button>
      </div>
    </div>
  );
}
