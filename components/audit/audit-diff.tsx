'use client';

import { useId, useState } from 'react';
import { diffValues, type DiffKind, type DiffRow } from './diff-values';
import { unescapePointerToken } from '@/lib/json-pointer';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { SettingsView } from '@/components/ui/settings-view';

const kinds: Record<DiffKind, { label: string; tone: 'ok' | 'danger' | 'warning' | 'neutral'; row: string }> = {
  added: { label: 'added', tone: 'ok', row: 'border-success/40 bg-success-muted' },
  removed: { label: 'removed', tone: 'danger', row: 'border-destructive/40 bg-destructive-muted' },
  changed: { label: 'changed', tone: 'warning', row: 'border-warning/40 bg-warning-muted' },
  unchanged: { label: 'unchanged', tone: 'neutral', row: 'border-border' },
};

// Kept by the storage for its own bookkeeping: they change with every save and say nothing to a reader.
const BOOKKEEPING = new Set(['version', 'createdAt', 'updatedAt', 'created_at', 'updated_at']);

/**
 * An event's before and after, key by key: only what changed unless the admin asks for all,
 * bookkeeping fields left out, values read as values (see SettingsView).
 */
export function AuditDiff({ before, after, id }: { before: unknown; after: unknown; id: string }) {
  const [isShowingAll, setIsShowingAll] = useState(false);
  const rows = diffValues(before, after).filter((row) => !BOOKKEEPING.has(topKey(row.path)));
  const changed = rows.filter((row) => row.kind !== 'unchanged');
  const unchangedCount = rows.length - changed.length;
  const shown = isShowingAll ? rows : changed;
  return (
    <div id={id} className="mt-3">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <p className="flex-1 text-sm text-muted-foreground">
          {changed.length === 0 ? 'Nothing differs between before and after.' : `${changed.length} ${changed.length === 1 ? 'value' : 'values'} changed.`}
        </p>
        {unchangedCount > 0 && (
          <Button size="sm" variant="ghost" aria-pressed={isShowingAll} onClick={() => setIsShowingAll(!isShowingAll)}>
            {isShowingAll ? 'Show changed values only' : `Show unchanged values too (${unchangedCount})`}
          </Button>
        )}
      </div>
      {shown.length > 0 && (
        <ul aria-label="Changes" className="space-y-2">
          {shown.map((row) => (
            <DiffLine key={row.path} row={row} />
          ))}
        </ul>
      )}
    </div>
  );
}

function DiffLine({ row }: { row: DiffRow }) {
  const kind = kinds[row.kind];
  return (
    <li className={cn('rounded-md border p-2', kind.row)} data-diff-kind={row.kind}>
      <div className="mb-1 flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold wrap-anywhere">{readablePath(row.path)}</span>
        <Badge tone={kind.tone}>{kind.label}</Badge>
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {row.kind === 'unchanged' ? (
          <Value label="Before and after" value={row.after} />
        ) : (
          <>
            {row.kind !== 'added' && <Value label="Before" value={row.before} isStruck={row.kind === 'removed'} />}
            {row.kind !== 'removed' && <Value label="After" value={row.after} />}
          </>
        )}
      </div>
    </li>
  );
}

function Value({ label, value, isStruck }: { label: string; value: unknown; isStruck?: boolean }) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="min-w-0">
      <p id={labelId} className="text-xs font-medium text-muted-foreground">
        {label}
      </p>
      <SettingsView value={value} className={cn(isStruck && 'line-through')} />
    </div>
  );
}

function topKey(path: string): string {
  return unescapePointerToken(path.split('/')[1] ?? '');
}

/** `/overrides/baseDir` as `overrides › baseDir`; the whole value as "(whole value)". */
function readablePath(path: string): string {
  if (path === '') return '(whole value)';
  return path.slice(1).split('/').map(unescapePointerToken).join(' › ');
}
