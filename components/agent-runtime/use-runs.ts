'use client';

import { useMemo, useSyncExternalStore } from 'react';
import { parseRuns, runsKey, RUNS_CHANGED, type TryRun } from './run-history';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(RUNS_CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(RUNS_CHANGED, onChange);
  };
}

/** The agent's runs kept in this browser (none while rendering on the server), newest first. */
export function useRuns(agentId: string): TryRun[] {
  const text = useSyncExternalStore(
    subscribe,
    () => {
      try {
        return window.localStorage.getItem(runsKey(agentId)) ?? '[]';
      } catch {
        return '[]';
      }
    },
    () => '[]',
  );
  return useMemo(() => parseRuns(text), [text]);
}
