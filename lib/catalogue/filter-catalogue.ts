import { groupTools, type ToolGroup } from './group-tools';
import type { ToolSummary } from './tool-summary';

/** A group of the catalogue with each tool's lowercase search text, built once per catalogue. */
export interface IndexedGroup extends ToolGroup<ToolSummary> {
  /** `name`, `description` and `group` of each tool, lowercased, in `tools` order. */
  readonly haystacks: readonly string[];
}

/** A group as shown for one search: the matching tools and the group's full size. */
export interface VisibleGroup extends ToolGroup<ToolSummary> {
  readonly total: number;
}

/** What the admin filters by: free text and, optionally, one group ("" for all). */
export interface CatalogueFilter {
  readonly query: string;
  readonly group: string;
}

/** Groups in display order with precomputed search text, so each keystroke only scans strings. */
export function indexCatalogue(tools: readonly ToolSummary[]): IndexedGroup[] {
  return groupTools(tools).map((section) => ({
    ...section,
    haystacks: section.tools.map((tool) => `${tool.name}\n${tool.description}\n${tool.group}`.toLowerCase()),
  }));
}

/** The groups and tools matching every word of the query (name, description or group), in display order. */
export function filterCatalogue(index: readonly IndexedGroup[], filter: CatalogueFilter): VisibleGroup[] {
  const words = filter.query.toLowerCase().split(/\s+/).filter(Boolean);
  const visible: VisibleGroup[] = [];
  for (const { group, label, tools, haystacks } of index) {
    if (filter.group && group !== filter.group) continue;
    const matching =
      words.length === 0 ? tools : tools.filter((_, i) => words.every((word) => haystacks[i]!.includes(word)));
    if (matching.length > 0) visible.push({ group, label, total: tools.length, tools: matching });
  }
  return visible;
}
