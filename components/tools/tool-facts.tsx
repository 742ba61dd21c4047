import Link from 'next/link';
import type { CatalogueEntry } from '@/registry/catalogue';
import { groupLabel } from '@/lib/catalogue/group-tools';
import { Badge } from '@/components/ui/badge';

/** Availability, source, kind and group of a tool, as a description list; the SPI's names behind a disclosure. */
export function ToolFacts({ tool }: { tool: CatalogueEntry }) {
  const facts: [string, React.ReactNode][] = [
    [
      'Availability',
      tool.available ? (
        <Badge tone="ok">Available</Badge>
      ) : (
        <span className="text-warning">Unavailable: {tool.unavailableReason}</span>
      ),
    ],
    ['Source', tool.source === 'builtin' ? 'Built-in' : `Plugin ${tool.source}`],
    ['Kind', tool.kind === 'provider' ? 'One tool of a bundle' : 'A single tool'],
    [
      'Group',
      <Link key="group" href={`/?group=${encodeURIComponent(tool.group)}`} className="text-link underline-offset-4 hover:underline">
        {groupLabel(tool.group)}
      </Link>,
    ],
    ['Streams result to user', tool.streamsResultToUser ? 'Yes' : 'No'],
  ];
  return (
    <div className="mb-8 rounded-lg border border-border bg-card p-4 text-sm">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-muted-foreground">{term}</dt>
            <dd className="mb-2 min-w-0 wrap-anywhere sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <details className="mt-3 border-t border-border pt-3">
        <summary className="cursor-pointer text-muted-foreground">Details for plugin authors</summary>
        <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-muted-foreground">SPI type</dt>
          <dd className="font-mono">{tool.kind === 'provider' ? 'MultiToolProvider' : 'ToolFactory'}</dd>
          <dt className="font-medium text-muted-foreground">Group value</dt>
          <dd className="font-mono">{tool.group}</dd>
        </dl>
      </details>
    </div>
  );
}
