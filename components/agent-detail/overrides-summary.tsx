import { WrappedValue } from '@/components/ui/wrapped-value';
import { summarizeOverrides } from './summarize-overrides';

interface OverridesSummaryProps {
  overrides: Record<string, unknown>;
  schema: Record<string, unknown> | undefined;
  hasSettings: boolean;
}

/** An assignment's overrides in one line of "label: value" pairs, secrets masked. */
export function OverridesSummary({ overrides, schema, hasSettings }: OverridesSummaryProps) {
  const items = summarizeOverrides(overrides, schema);
  if (items.length === 0) {
    return <p className="text-sm text-muted-foreground">{hasSettings ? 'Default settings' : 'This tool has no settings'}</p>;
  }
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {items.map(({ key, label, text }) => (
        // A value with too little room beside its label goes under it, rather than a few letters a line.
        <div key={key} className="flex max-w-full min-w-0 flex-wrap items-baseline gap-x-1">
          <dt className="shrink-0 text-muted-foreground">{label}:</dt>
          <dd className="min-w-0 flex-auto font-mono text-foreground">
            <WrappedValue text={text} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
