import { summarizeOverrides } from '@/lib/overrides/overrides-summary';

interface OverridesSummaryProps {
  overrides: Record<string, unknown>;
  schema: Record<string, unknown> | undefined;
  hasSettings: boolean;
}

/** An assignment's overrides in one line of "label: value" pairs, secrets masked. */
export function OverridesSummary({ overrides, schema, hasSettings }: OverridesSummaryProps) {
  const items = summarizeOverrides(overrides, schema);
  if (items.length === 0) {
    return <p className="text-sm text-slate-600">{hasSettings ? 'Default settings' : 'This tool has no settings'}</p>;
  }
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {items.map(({ key, label, text }) => (
        <div key={key} className="flex min-w-0 gap-1">
          <dt className="text-slate-600">{label}:</dt>
          <dd className="min-w-0 font-mono break-all text-slate-900">{text}</dd>
        </div>
      ))}
    </dl>
  );
}
