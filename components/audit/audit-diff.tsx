import { diffValues, type DiffKind, type DiffRow } from './diff-values';
import { unescapePointerToken } from '@/lib/json-pointer';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';

const kinds: Record<DiffKind, { label: string; tone: 'ok' | 'danger' | 'warning' | 'neutral'; row: string }> = {
  added: { label: 'added', tone: 'ok', row: 'border-success/40 bg-success-muted' },
  removed: { label: 'removed', tone: 'danger', row: 'border-destructive/40 bg-destructive-muted' },
  changed: { label: 'changed', tone: 'warning', row: 'border-warning/40 bg-warning-muted' },
  unchanged: { label: 'unchanged', tone: 'neutral', row: 'border-border' },
};

/** An event's before and after, key by key: changed keys highlighted, added and removed ones marked. */
export function AuditDiff({ before, after, id }: { before: unknown; after: unknown; id: string }) {
  const rows = diffValues(before, after);
  const changed = rows.filter((row) => row.kind !== 'unchanged').length;
  return (
    <div id={id} className="mt-3">
      <p className="mb-2 text-sm text-muted-foreground">
        {changed === 0 ? 'Nothing differs between before and after.' : `${changed} of ${rows.length} ${rows.length === 1 ? 'value' : 'values'} differ.`}
      </p>
      <ul aria-label="Changes" className="space-y-2">
        {rows.map((row) => (
          <DiffLine key={row.path} row={row} />
        ))}
      </ul>
    </div>
  );
}

function DiffLine({ row }: { row: DiffRow }) {
  const kind = kinds[row.kind];
  return (
    <li className={cn('rounded-md border p-2', kind.row)} data-diff-kind={row.kind}>
      <div className="mb-1 flex flex-wrap items-center gap-2">
        <code className="font-mono text-sm font-semibold wrap-anywhere">{readablePath(row.path)}</code>
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
  return (
    <div className="min-w-0">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <pre className={cn('font-mono text-xs whitespace-pre-wrap text-foreground wrap-anywhere', isStruck && 'line-through')}>{JSON.stringify(value, null, 2)}</pre>
    </div>
  );
}

/** `/overrides/baseDir` as `overrides.baseDir`; the whole value as "(whole value)". */
function readablePath(path: string): string {
  if (path === '') return '(whole value)';
  return path.slice(1).split('/').map(unescapePointerToken).join('.');
}
