'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

interface UnsavedChanges {
  /** Marks the editor `key` as holding unsaved changes, or not. */
  report: (key: string, isDirty: boolean) => void;
}

const UnsavedChangesContext = createContext<UnsavedChanges | null>(null);

export const LEAVE_MESSAGE = 'You have unsaved changes on this page. Leave anyway and lose them?';

// The Navigation API's navigate event (Chromium; TypeScript's DOM types do not have it yet):
// the one way to ask before the browser's Back and Forward buttons leave a single-page app.
interface NavigateEventLike extends Event {
  navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  cancelable: boolean;
}

function browserNavigation(): EventTarget | undefined {
  return (window as Window & { navigation?: EventTarget }).navigation;
}

/**
 * Asks before the admin leaves a page with unsaved changes: on reload, close and typed
 * addresses (the browser's own prompt), on links inside the app and on Back and Forward
 * (a confirm; Back and Forward where the browser has the Navigation API, as Chromium does).
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
    // Back and Forward: where the browser lets a page cancel them (same-document traversals).
    const onNavigate = (event: Event) => {
      const navigate = event as NavigateEventLike;
      if (navigate.navigationType !== 'traverse' || !navigate.cancelable) return;
      if (!window.confirm(LEAVE_MESSAGE)) navigate.preventDefault();
    };
    const navigation = browserNavigation();
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('click', onClick, true);
    navigation?.addEventListener('navigate', onNavigate);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('click', onClick, true);
      navigation?.removeEventListener('navigate', onNavigate);
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
