import type { VisibleGroup } from './filter-catalogue';

/** Groups cut to at most `limit` tools in all, with how many matched before the cut. */
export interface LimitedGroups {
  readonly groups: readonly VisibleGroup[];
  /** Every matching tool, shown or not. */
  readonly matched: number;
  readonly shown: number;
}

/**
 * Keeps the first `limit` matching tools in display order. A command menu mounts every item it
 * is given, so at 10,000 tools it shows a slice and asks the admin to type more.
 */
export function limitGroups(visible: readonly VisibleGroup[], limit: number): LimitedGroups {
  const groups: VisibleGroup[] = [];
  let matched = 0;
  let shown = 0;
  for (const section of visible) {
    matched += section.tools.length;
    const room = limit - shown;
    if (room <= 0) continue;
    const tools = section.tools.length > room ? section.tools.slice(0, room) : section.tools;
    shown += tools.length;
    groups.push({ ...section, tools });
  }
  return { groups, matched, shown };
}
