import Link from 'next/link';
import type { CatalogueEntry } from '@/registry/catalogue';
import type { ToolAnnotations } from '@/registry/spi';
import { groupLabel } from '@/lib/catalogue/group-tools';
import { Badge } from '@/components/ui/badge';
import { UnavailableForSuffix } from '@/components/ui/unavailable-for';

const hintLabels: [keyof ToolAnnotations, string, string][] = [
  ['readOnlyHint', 'Read-only', 'May change things'],
  ['destructiveHint', 'Destructive', 'Not destructive'],
  ['idempotentHint', 'Idempotent', 'Not idempotent'],
  ['openWorldHint', 'Open world', 'Closed world'],
];

/** The hints a tool states (its MCP annotations), as a sentence; unstated ones are left out. */
function annotationText(annotations: ToolAnnotations): string {
  const stated = hintLabels.filter(([key]) => typeof annotations[key] === 'boolean').map(([key, yes, no]) => (annotations[key] ? yes : no));
  const text = stated.length > 0 ? stated.join(', ') : 'None stated';
  return annotations.title ? `${text} (title: ${annotations.title})` : text;
}

/** Availability, source, kind and group of a tool, as a description list; the SPI's names behind a disclosure. */
export function ToolFacts({ tool }: { tool: CatalogueEntry }) {
  const facts: [string, React.ReactNode][] = [
    [
      'Availability',
      tool.available ? (
        <Badge tone="ok">Available</Badge>
      ) : (
        <span className="text-warning">
          Unavailable: {tool.unavailableReason}
          <UnavailableForSuffix since={tool.unavailableSince} />
        </span>
      ),
    ],
    ['Source', tool.source === 'builtin' ? 'Built-in' : tool.source.startsWith('mcp:') ? `MCP server ${tool.source.slice(4)}` : `Plugin ${tool.source}`],
    ['Kind', tool.kind === 'provider' ? 'One tool of a bundle' : 'A single tool'],
    [
      'Group',
      <Link key="group" href={`/?group=${encodeURIComponent(tool.group)}`} className="text-link underline-offset-4 hover:underline">
        {groupLabel(tool.group)}
      </Link>,
    ],
    ['Streams result to user', tool.streamsResultToUser ? 'Yes' : 'No'],
    ...(tool.annotations ? [['Behaviour hints', annotationText(tool.annotations)] as [string, React.ReactNode]] : []),
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
