import { Badge } from '@/components/ui/badge';
import { isAvailable, type ToolSummary } from '@/lib/catalogue/tool-summary';

type Tone = 'warning' | 'info' | 'ok' | 'neutral';

/** The short facts about a tool: availability, streaming, settings, bundle, source. */
function toolBadges(tool: ToolSummary): { label: string; tone: Tone }[] {
  const badges: { label: string; tone: Tone }[] = [];
  if (!isAvailable(tool)) badges.push({ label: 'Unavailable', tone: 'warning' });
  if (tool.streamsResultToUser) badges.push({ label: 'Streams to user', tone: 'info' });
  if (tool.hasSettings) badges.push({ label: 'Has settings', tone: 'info' });
  if (tool.annotations?.readOnlyHint) badges.push({ label: 'Read-only', tone: 'ok' });
  if (tool.annotations?.destructiveHint) badges.push({ label: 'Destructive', tone: 'warning' });
  if (tool.isBundle) badges.push({ label: 'Bundle', tone: 'ok' });
  badges.push({ label: sourceLabel(tool.source), tone: 'neutral' });
  return badges;
}

/** Where a tool comes from, for its badge: built-in, an MCP server (source `mcp:<name>`) or a plugin package. */
export function sourceLabel(source: string): string {
  if (source === 'builtin') return 'Built-in';
  return source.startsWith('mcp:') ? `MCP server: ${source.slice(4)}` : `Plugin: ${source}`;
}

// Rough width of the badges in px (text-xs ≈ 6.5 px a character, 18 px padding and border, 6 px gap),
// enough to tell whether they fit one line of the narrowest phone layout.
const NARROWEST_LINE_PX = 288;

/** Whether the badges may need a second line on a phone-narrow screen. */
export function badgesMayWrap(tool: ToolSummary): boolean {
  const width = toolBadges(tool).reduce((sum, { label }) => sum + label.length * 6.5 + 18 + 6, 0);
  return width > NARROWEST_LINE_PX;
}

export function ToolBadges({ tool }: { tool: ToolSummary }) {
  return (
    <>
      {toolBadges(tool).map(({ label, tone }) => (
        <Badge key={label} tone={tone} className="max-w-full truncate">
          {label}
        </Badge>
      ))}
    </>
  );
}
