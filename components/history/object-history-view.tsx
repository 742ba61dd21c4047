'use client';

import { Badge } from '@/components/ui/badge';
import { SettingsView } from '@/components/ui/settings-view';
import type { HistoryCollection } from '@/lib/client-api/history-api';
import { changedKeysOf } from './compare-versions';
import { HistoryView, type HistoryEntry } from './history-view';
import { SideBySide } from './version-comparison';

interface ObjectHistoryViewProps {
  collection: Exclude<HistoryCollection, 'agents'>;
  objectKey: string;
  objectName: string;
  noun: string;
  restoredParts: string;
  missingWhat: string;
  /** Oldest first; the last is the object as it is now. */
  versions: HistoryEntry<Record<string, unknown>>[];
}

/** A server's or workflow's history: its versions, two compared key by key with the values view, and restoring one. */
export function ObjectHistoryView(props: ObjectHistoryViewProps) {
  return (
    <HistoryView
      {...props}
      renderComparison={(left, right) => {
        const changed = changedKeysOf(left.content, right.content);
        const missing = [...new Set([...left.missing, ...right.missing])];
        return (
          <div className="space-y-2">
            <p className="text-sm text-muted-foreground">
              {changed.size === 0 ? 'The two versions are the same.' : `Changed: ${[...changed].join(', ')}.`}
            </p>
            {missing.length > 0 && (
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <Badge tone="danger">missing</Badge> No longer exist ({props.missingWhat}): {missing.join(', ')}
              </p>
            )}
            <SideBySide title="Settings" leftVersion={left.version} rightVersion={right.version}>
              {(side) => <SettingsView value={side === 'left' ? left.content : right.content} changedKeys={changed} />}
            </SideBySide>
          </div>
        );
      }}
    />
  );
}
