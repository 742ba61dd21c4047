'use client';

import { useRouter } from 'next/navigation';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useConfirm, type ConfirmRequest } from '@/components/ui/confirm-dialog';

interface UnsavedChanges {
  /** Marks the editor `key` as holding unsaved changes, or not. */
  report: (key: string, isDirty: boolean) => void;
}

const UnsavedChangesContext = createContext<UnsavedChanges | null>(null);

const LEAVE_QUESTION: ConfirmRequest = {
  title: 'Leave this page?',
  description: 'You have unsaved changes on this page. Leaving loses them.',
  confirmLabel: 'Leave',
  cancelLabel: 'Stay',
  isDestructive: true,
};

// The Navigation API's navigate event (Chromium; TypeScript's DOM types do not have it yet):
// the one way to ask before the browser's Back and Forward buttons leave a single-page app.
interface NavigateEventLike extends Event {
  navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  cancelable: boolean;
  destination: { key: string };
}

interface NavigationLike extends EventTarget {
  traverseTo: (key: string) => unknown;
}

function browserNavigation(): NavigationLike | undefined {
  return (window as Window & { navigation?: NavigationLike }).navigation;
}

/**
 * Asks before the admin leaves a page with unsaved changes: on reload, close and typed
 * addresses (the browser's own prompt), on links inside the app and on Back and Forward
 * (the app's confirm dialog; Back and Forward where the browser has the Navigation API, as
 * Chromium does). Those are stopped at once and, once the admin chooses Leave, made again.
 */
export function UnsavedChangesProvider({ children }: { children: React.ReactNode }) {
  const dirty = useRef(new Set<string>());
  const [hasChanges, setHasChanges] = useState(false);
  const report = useCallback((key: string, isDirty: boolean) => {
    if (isDirty) dirty.current.add(key);
    else dirty.current.delete(key);
    setHasChanges(dirty.current.size > 0);
  }, []);
  const router = useRouter();
  const { confirm, dialog } = useConfirm();
  // Set when a confirmed Back or Forward is made again, so the guard lets that one through.
  const isLeaving = useRef(false);

  useEffect(() => {
    if (!hasChanges) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    // Capture phase on window runs before Next's Link handler, which listens on React's root.
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link || event.defaultPrevented || link.getAttribute('target') === '_blank') return;
      const href = link.getAttribute('href') ?? '';
      event.preventDefault();
      event.stopPropagation();
      void confirm(LEAVE_QUESTION).then((isSure) => {
        if (!isSure) return;
        const target = new URL(href, window.location.href);
        if (target.origin === window.location.origin) router.push(`${target.pathname}${target.search}${target.hash}`);
        else window.location.assign(target.href);
      });
    };
    // Back and Forward: where the browser lets a page cancel them (same-document traversals).
    const onNavigate = (event: Event) => {
      const navigate = event as NavigateEventLike;
      if (navigate.navigationType !== 'traverse' || !navigate.cancelable) return;
      if (isLeaving.current) {
        isLeaving.current = false;
        return;
      }
      navigate.preventDefault();
      const { key } = navigate.destination;
      void confirm(LEAVE_QUESTION).then((isSure) => {
        if (!isSure || !navigation) return;
        isLeaving.current = true;
        navigation.traverseTo(key);
      });
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
  }, [hasChanges, confirm, router]);

  const value = useMemo(() => ({ report }), [report]);
  return (
    <UnsavedChangesContext.Provider value={value}>
      {children}
      {dialog}
    </UnsavedChangesContext.Provider>
  );
}

/** Reports this editor's unsaved changes to the page's guard while it is mounted. */
export function useReportUnsavedChanges(key: string, isDirty: boolean): void {
  const context = useContext(UnsavedChangesContext);
  useEffect(() => {
    context?.report(key, isDirty);
  }, [context, key, isDirty]);
  useEffect(() => () => context?.report(key, false), [context, key]);
}
