import type { CatalogueEntry } from '@/registry/catalogue';
import { groupLabel } from '@/lib/catalogue/group-tools';

/** Availability, source, kind and group of a tool, as a description list. */
export function ToolFacts({ tool }: { tool: CatalogueEntry }) {
  const facts: [string, React.ReactNode][] = [
    [
      'Availability',
      tool.available ? (
        <span className="text-emerald-800">Available</span>
      ) : (
        <span className="text-amber-900">Unavailable: {tool.unavailableReason}</span>
      ),
    ],
    ['Source', tool.source === 'builtin' ? 'Built-in' : `Plugin ${tool.source}`],
    ['Kind', tool.kind === 'provider' ? 'Bundle (MultiToolProvider)' : 'Tool factory (ToolFactory)'],
    ['Group', `${groupLabel(tool.group)} (${tool.group})`],
    ['Streams result to user', tool.streamsResultToUser ? 'Yes' : 'No'],
  ];
  return (
    <dl className="mb-8 grid grid-cols-1 gap-x-6 gap-y-2 rounded-md border border-slate-200 p-4 text-sm sm:grid-cols-[max-content_1fr]">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-700">{term}</dt>
          <dd className="mb-2 min-w-0 wrap-anywhere sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
