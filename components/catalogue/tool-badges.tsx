import { isAvailable, type ToolSummary } from '@/lib/catalogue/tool-summary';

type Tone = 'amber' | 'sky' | 'violet' | 'emerald' | 'slate';

const toneClass: Record<Tone, string> = {
  amber: 'bg-amber-100 text-amber-900',
  sky: 'bg-sky-100 text-sky-900',
  violet: 'bg-violet-100 text-violet-900',
  emerald: 'bg-emerald-100 text-emerald-900',
  slate: 'bg-slate-100 text-slate-700',
};

/** The short facts about a tool: availability, streaming, settings, bundle, source. */
function toolBadges(tool: ToolSummary): { label: string; tone: Tone }[] {
  const badges: { label: string; tone: Tone }[] = [];
  if (!isAvailable(tool)) badges.push({ label: 'Unavailable', tone: 'amber' });
  if (tool.streamsResultToUser) badges.push({ label: 'Streams to user', tone: 'sky' });
  if (tool.hasSettings) badges.push({ label: 'Has settings', tone: 'violet' });
  if (tool.isBundle) badges.push({ label: 'Bundle', tone: 'emerald' });
  badges.push({ label: tool.source === 'builtin' ? 'Built-in' : `Plugin: ${tool.source}`, tone: 'slate' });
  return badges;
}

// Rough width of the badges in px (text-xs ≈ 6.5 px a character, 12 px padding, 6 px gap),
// enough to tell whether they fit one line of the narrowest phone layout.
const NARROWEST_LINE_PX = 288;

/** Whether the badges may need a second line on a phone-narrow screen. */
export function badgesMayWrap(tool: ToolSummary): boolean {
  const width = toolBadges(tool).reduce((sum, { label }) => sum + label.length * 6.5 + 12 + 6, 0);
  return width > NARROWEST_LINE_PX;
}

export function ToolBadges({ tool }: { tool: ToolSummary }) {
  return (
    <>
      {toolBadges(tool).map(({ label, tone }) => (
        <span key={label} className={`inline-flex shrink-0 items-center rounded px-1.5 py-0.5 text-xs font-medium ${toneClass[tone]}`}>
          {label}
        </span>
      ))}
    </>
  );
}
