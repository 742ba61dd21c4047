import { groupTools, type ToolGroup } from './group-tools';
import type { ToolSummary } from './tool-summary';

/** A group of the catalogue with each tool's lowercase search text, built once per catalogue. */
export interface IndexedGroup extends ToolGroup<ToolSummary> {
  /** `name`, `description`, `group` and unavailable reason of each tool, lowercased, in `tools` order. */
  readonly haystacks: readonly string[];
}

/** A group as shown for one search: the matching tools and the group's full size. */
export interface VisibleGroup extends ToolGroup<ToolSummary> {
  readonly total: number;
  /** How many of the group's tools matched, when `tools` holds only the first of them. */
  readonly matched?: number;
}

/** Which tools by availability: all (""), only available ones, or only unavailable ones. */
export type AvailabilityFilter = '' | 'available' | 'unavailable';

/** What the admin filters by: free text and, optionally, one group ("" for all) and availability. */
export interface CatalogueFilter {
  readonly query: string;
  readonly group: string;
  readonly availability?: AvailabilityFilter;
}

/** A URL parameter's value as an availability filter; anything else means all tools. */
export function toAvailabilityFilter(value: string): AvailabilityFilter {
  return value === 'available' || value === 'unavailable' ? value : '';
}

/** Groups in display order with precomputed search text, so each keystroke only scans strings. */
export function indexCatalogue(tools: readonly ToolSummary[]): IndexedGroup[] {
  return groupTools(tools).map((section) => ({
    ...section,
    haystacks: section.tools.map((tool) => `${tool.name}\n${tool.description}\n${tool.group}\n${tool.unavailableReason ?? ''}`.toLowerCase()),
  }));
}

/** The groups and tools matching every word of the query (name, description, group or unavailable reason) and the availability, in display order. */
export function filterCatalogue(index: readonly IndexedGroup[], filter: CatalogueFilter): VisibleGroup[] {
  const words = filter.query.toLowerCase().split(/\s+/).filter(Boolean);
  const visible: VisibleGroup[] = [];
  for (const { group, label, tools, haystacks } of index) {
    if (filter.group && group !== filter.group) continue;
    const wanted = filter.availability;
    const matching =
      words.length === 0 && !wanted
        ? tools
        : tools.filter(
            (tool, i) =>
              (!wanted || (tool.unavailableReason === undefined) === (wanted === 'available')) && words.every((word) => haystacks[i]!.includes(word)),
          );
    if (matching.length > 0) visible.push({ group, label, total: tools.length, tools: matching });
  }
  return visible;
}
