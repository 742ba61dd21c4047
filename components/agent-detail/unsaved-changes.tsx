'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

interface UnsavedChanges {
  /** Marks the editor `key` as holding unsaved changes, or not. */
  report: (key: string, isDirty: boolean) => void;
}

const UnsavedChangesContext = createContext<UnsavedChanges | null>(null);

export const LEAVE_MESSAGE = 'You have unsaved changes on this page. Leave anyway and lose them?';

/**
 * Asks before the admin leaves a page with unsaved changes: on reload, close and typed
 * addresses (the browser's own prompt) and on links inside the app (a confirm).
 */
export function UnsavedChangesProvider({ children }: { children: React.ReactNode }) {
  const dirty = useRef(new Set<string>());
  const [hasChanges, setHasChanges] = useState(false);
  const report = useCallback((key: string, isDirty: boolean) => {
    if (isDirty) dirty.current.add(key);
    else dirty.current.delete(key);
    setHasChanges(dirty.current.size > 0);
  }, []);

  useEffect(() => {
    if (!hasChanges) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    // Capture phase on window runs before Next's Link handler, which listens on React's root.
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link || event.defaultPrevented || link.getAttribute('target') === '_blank') return;
      if (window.confirm(LEAVE_MESSAGE)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('click', onClick, true);
    };
  }, [hasChanges]);

  const value = useMemo(() => ({ report }), [report]);
  return <UnsavedChangesContext.Provider value={value}>{children}</UnsavedChangesContext.Provider>;
}

/** Reports this editor's unsaved changes to the page's guard while it is mounted. */
export function useReportUnsavedChanges(key: string, isDirty: boolean): void {
  const context = useContext(UnsavedChangesContext);
  useEffect(() => {
    context?.report(key, isDirty);
  }, [context, key, isDirty]);
  useEffect(() => () => context?.report(key, false), [context, key]);
}
