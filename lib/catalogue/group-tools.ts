import { compareStrings } from '@/registry/text';

export { firstLine } from '@/registry/text';

/** One catalogue section: a group and its tools, sorted by name. */
export interface ToolGroup<T extends GroupedTool = GroupedTool> {
  readonly group: string;
  readonly label: string;
  readonly tools: readonly T[];
}

/** What grouping needs of a tool: catalogue entries and list summaries both have it. */
export interface GroupedTool {
  readonly name: string;
  readonly group: string;
}

/** How a group is shown: groups are lowercase machine names, UIs capitalise them. */
export function groupLabel(group: string): string {
  const words = group.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Sections in group order, tools in name order inside each. */
export function groupTools<T extends GroupedTool>(entries: readonly T[]): ToolGroup<T>[] {
  const byGroup = new Map<string, T[]>();
  for (const entry of entries) {
    const tools = byGroup.get(entry.group);
    if (tools) tools.push(entry);
    else byGroup.set(entry.group, [entry]);
  }
  return [...byGroup.keys()].sort(compareStrings).map((group) => ({
    group,
    label: groupLabel(group),
    tools: byGroup.get(group)!.sort((a, b) => compareStrings(a.name, b.name)),
  }));
}
