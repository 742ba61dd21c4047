'use client';

import { useCallback, useRef, useState } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

/** What a confirmation asks. */
export interface ConfirmRequest {
  title: string;
  description?: React.ReactNode;
  /** The confirming button's label: a verb naming the action ("Remove"). */
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action gets a red button. */
  isDestructive?: boolean;
}

interface ConfirmDialogProps extends ConfirmRequest {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The action is running: the buttons wait. */
  isBusy?: boolean;
}

/** The confirm variant of Dialog: a question, Cancel (focused first, so Enter is safe) and the action. */
export function ConfirmDialog({ open, title, description, confirmLabel, cancelLabel = 'Cancel', isDestructive, isBusy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={description} isAlert>
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={onCancel} disabled={isBusy} data-autofocus="">
          {cancelLabel}
        </Button>
        <Button variant={isDestructive ? 'destructive' : 'primary'} onClick={onConfirm} disabled={isBusy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * A styled stand-in for `window.confirm`: `await confirm({ … })` resolves true when the admin
 * chose the action. Render the returned `dialog` once in the component.
 */
export function useConfirm(): { confirm: (request: ConfirmRequest) => Promise<boolean>; dialog: React.ReactNode } {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);
  const confirm = useCallback((next: ConfirmRequest) => {
    resolver.current?.(false);
    setRequest(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setRequest(null);
  };
  const dialog = request && <ConfirmDialog open {...request} onConfirm={() => answer(true)} onCancel={() => answer(false)} />;
  return { confirm, dialog };
}
