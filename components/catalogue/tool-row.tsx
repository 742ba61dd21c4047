import Link from 'next/link';
import { memo } from 'react';
import { toolPath } from '@/lib/catalogue/tool-path';
import { firstLine } from '@/lib/catalogue/group-tools';
import { isAvailable, type ToolSummary } from '@/lib/catalogue/tool-summary';
import { UsageSparkline } from '@/components/usage/usage-sparkline';
import { ToolBadges, badgesMayWrap } from './tool-badges';
import { UnavailableForSuffix } from '@/components/ui/unavailable-for';

/** Pixel heights of a row: the virtual list positions rows by these, so the markup must fit them. */
export function toolRowHeight(tool: ToolSummary, isNarrow: boolean): number {
  return (hasTwoBadgeLines(tool, isNarrow) ? 112 : 88) + 20 * reasonLines(tool, isNarrow);
}

// The reason is what an admin needs to fix the tool, so it gets as many lines as it may need, up to
// four (text-sm ≈ 7.5 px a character; the narrowest phone line and a desktop line of the list).
const MAX_REASON_LINES = 4;
const clampClasses = ['', 'line-clamp-1', 'line-clamp-2', 'line-clamp-3', 'line-clamp-4'] as const;

function reasonLines(tool: ToolSummary, isNarrow: boolean): number {
  if (isAvailable(tool)) return 0;
  // " (unavailable for 12 min)" after the reason when the tool says since when.
  const width = (`Unavailable: ${tool.unavailableReason}`.length + (tool.unavailableSince ? 26 : 0)) * 7.5;
  return Math.min(MAX_REASON_LINES, Math.max(1, Math.ceil(width / (isNarrow ? 288 : 900))));
}

function hasTwoBadgeLines(tool: ToolSummary, isNarrow: boolean): boolean {
  return isNarrow && badgesMayWrap(tool);
}

/**
 * One tool of the catalogue list: name, first line of its description, badges and, if unavailable,
 * why. Memoised: a keystroke that keeps a row on screen does not redraw it.
 */
export const ToolRow = memo(function ToolRow({ tool, isNarrow }: { tool: ToolSummary; isNarrow: boolean }) {
  const lines = reasonLines(tool, isNarrow);
  return (
    <div className={`h-full overflow-hidden border-b border-border px-4 py-2 ${isAvailable(tool) ? '' : 'bg-muted/60'}`}>
      <div className="flex h-6 items-center">
        {/* scroll-mt: focusing a row scrolls it clear of the 44 px sticky group heading above it. */}
        <Link
          href={toolPath(tool.name)}
          prefetch={false}
          className="scroll-mt-14 truncate font-mono text-sm font-medium text-link underline-offset-2 hover:underline"
        >
          {tool.name}
        </Link>
        <span className="ml-auto pl-2">
          <UsageSparkline by="tool" id={tool.name} />
        </span>
      </div>
      <p className="h-5 truncate text-sm text-muted-foreground">{firstLine(tool.description) || 'No description.'}</p>
      <div className={`mt-0.5 flex gap-1.5 overflow-hidden ${hasTwoBadgeLines(tool, isNarrow) ? 'h-12 flex-wrap content-start' : 'h-6 items-center'}`}>
        <ToolBadges tool={tool} />
      </div>
      {!isAvailable(tool) && (
        <p
          className={`text-sm text-warning wrap-anywhere ${clampClasses[lines]}`}
          style={{ height: 20 * lines }}
          title={tool.unavailableReason}
        >
          Unavailable: {tool.unavailableReason}
          <UnavailableForSuffix since={tool.unavailableSince} />
        </p>
      )}
    </div>
  );
});
