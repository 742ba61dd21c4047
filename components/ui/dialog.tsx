'use client';

import { X } from 'lucide-react';
import { Activity, useEffect, useId, useRef, useState } from 'react';
import { Button } from './button';
import { cn } from './cn';

interface DialogProps {
  open: boolean;
  /** Called when the admin asks to close it (Escape, the close button); the caller sets `open` to false. */
  onClose: () => void;
  title: string;
  /** A sentence under the title that screen readers read with it. */
  description?: React.ReactNode;
  children: React.ReactNode;
  /** Room for a list (the tool picker) rather than a short form. */
  isWide?: boolean;
  /** An alert dialog (a confirmation): announced as one, and without a close button of its own. */
  isAlert?: boolean;
  /**
   * Renders the content while the dialog is closed too, hidden, so that opening shows a tree
   * already rendered (see the component's comment). For content that is slow to render the first time.
   */
  isPrerendered?: boolean;
}

/**
 * A modal dialog on the native `<dialog>` element: the page behind it is inert, Escape closes it,
 * it is named by its title, and focus goes back to what opened it. The first element inside
 * marked `data-autofocus` gets focus when it opens; otherwise the first focusable one does.
 * Its content is rendered only while it is open, so a form inside starts afresh each time.
 *
 * With `isPrerendered`, the content is also rendered while the dialog is closed, in a hidden
 * `<Activity>`: React renders it when it has nothing else to do, in slices it can interrupt, and
 * keeps it out of sight (`display: none`, inside a closed dialog: out of the accessibility tree
 * and the focus order) with its effects not run. Opening reveals that tree and runs its effects,
 * so the first opening runs code that has run before instead of rendering everything cold. Each
 * closing drops the tree that was shown and starts a fresh hidden one: still afresh each time.
 */
export function Dialog({ open, onClose, title, description, children, isWide = false, isAlert = false, isPrerendered = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // One content per opening: a new key on each closing (state adjusted while rendering, as
  // React advises for a prop change, so the shown tree never outlives its opening).
  const [wasOpen, setWasOpen] = useState(open);
  const [opening, setOpening] = useState(0);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) setOpening(opening + 1);
  }

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      dialog.close();
      // The opener may be gone (a deleted row's button); then the page decides where focus goes.
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      role={isAlert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Escape: the caller owns `open`, so the browser must not close the dialog behind its back.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={cn(
        'm-auto max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-lg border border-border bg-popover p-0 text-popover-foreground shadow-xl backdrop:bg-black/50',
        isWide ? 'w-[min(44rem,calc(100vw-2rem))]' : 'w-[min(32rem,calc(100vw-2rem))]',
      )}
    >
      {(open || isPrerendered) && (
        <Activity key={opening} mode={open ? 'visible' : 'hidden'}>
          <div className="p-5">
            <div className="mb-4 flex items-start gap-3">
              <h2 id={titleId} className="flex-1 text-lg font-semibold wrap-anywhere">
                {title}
              </h2>
              {!isAlert && (
                <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close" className="-m-1 text-muted-foreground">
                  <X aria-hidden="true" />
                </Button>
              )}
            </div>
            {description && (
              <div id={descriptionId} className="mb-4 text-sm text-muted-foreground wrap-anywhere">
                {description}
              </div>
            )}
            {children}
          </div>
        </Activity>
      )}
    </dialog>
  );
}
