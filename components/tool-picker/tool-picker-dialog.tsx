'use client';

import { useEffect, useRef, useState } from 'react';
import type { ToolSummary } from '@/lib/catalogue/tool-summary';
import { ToolPicker } from './tool-picker';

interface ToolPickerDialogProps {
  isOpen: boolean;
  onClose: () => void;
  agentName: string;
  tools: readonly ToolSummary[];
  assigned: ReadonlySet<string>;
  /** Adds the chosen tools; the dialog closes once it resolves. */
  onAdd: (names: readonly string[]) => Promise<void>;
}

/** "Add tools": the tool picker in a modal dialog, with the chosen count and the Add button. */
export function ToolPickerDialog({ isOpen, onClose, agentName, tools, assigned, onAdd }: ToolPickerDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [isAdding, setIsAdding] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) {
      setChosen(new Set());
      element.showModal();
      // showModal focuses the first focusable element, which need not be the search box.
      element.querySelector<HTMLInputElement>('[cmdk-input]')?.focus();
    } else if (!isOpen && element.open) {
      element.close();
    }
  }, [isOpen]);

  const toggle = (names: readonly string[], choose: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      for (const name of names) {
        if (choose) next.add(name);
        else next.delete(name);
      }
      return next;
    });

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
    <dialog
      ref={dialog}
      aria-labelledby="tool-picker-title"
      onClose={onClose}
      className="m-auto w-[min(42rem,calc(100vw-2rem))] rounded-lg border border-slate-300 p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      {isOpen && (
        <div className="flex max-h-[85vh] flex-col gap-3 p-4">
          <h2 id="tool-picker-title" className="text-lg font-semibold">
            Add tools to {agentName}
          </h2>
          <p className="text-xs text-slate-600">Enter chooses the highlighted tool · Ctrl+Enter adds the chosen tools · Escape closes</p>
          <ToolPicker tools={tools} assigned={assigned} chosen={chosen} onToggle={toggle} onConfirm={() => void add()} />
          <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 pt-3">
            <span className="mr-auto text-sm text-slate-700" aria-live="polite">
              {count === 0 ? 'No tools chosen' : `${count} ${count === 1 ? 'tool' : 'tools'} chosen`}
            </span>
            <button type="button" onClick={onClose} className="rounded-md border border-slate-400 px-3 py-1.5 text-sm">
              Cancel
            </button>
            <button
              type="button"
              onClick={() => void add()}
              disabled={count === 0 || isAdding}
              className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white disabled:bg-slate-400"
            >
              {isAdding ? 'Adding…' : count === 0 ? 'Add tools' : `Add ${count} ${count === 1 ? 'tool' : 'tools'}`}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
