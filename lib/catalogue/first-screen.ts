import type { Diagnostic } from '@/registry/diagnostics';
import { filterCatalogue, type CatalogueFilter, type IndexedGroup, type VisibleGroup } from './filter-catalogue';
import { limitGroups } from './limit-groups';
import { isAvailable } from './tool-summary';

/** Rows the server renders: a tall desktop window's worth (rows are 88 px or more) and some. */
export const FIRST_SCREEN_ROWS = 24;

/** A group's name, label and size: all the group filter and the headings need before the rows arrive. */
export interface GroupCount {
  readonly group: string;
  readonly label: string;
  readonly total: number;
}

/**
 * The top of the catalogue page for one filter: the counts, every group's size and only the
 * first rows of the matching tools. The server renders it into the first HTML, so that HTML
 * stays small at any catalogue size; the browser fetches the whole summary behind it.
 */
export interface CatalogueFirstScreen {
  /** The filter the rows were chosen by (the page's URL parameters). */
  readonly filter: Required<CatalogueFilter>;
  readonly toolCount: number;
  readonly unavailableCount: number;
  readonly groups: readonly GroupCount[];
  /** Matching groups, cut to the first rows; each knows how many of its tools matched. */
  readonly visible: readonly VisibleGroup[];
  /** Matching tools in all, shown or not. */
  readonly shown: number;
  readonly diagnostics: readonly Diagnostic[];
}

/** Each group's name, label and size, in display order. */
export function groupCounts(index: readonly IndexedGroup[]): GroupCount[] {
  return index.map(({ group, label, tools }) => ({ group, label, total: tools.length }));
}

/** The first screen of the catalogue page for `filter`, from the indexed catalogue. */
export function firstScreenOf(
  index: readonly IndexedGroup[],
  diagnostics: readonly Diagnostic[],
  filter: Required<CatalogueFilter>,
  rows = FIRST_SCREEN_ROWS,
): CatalogueFirstScreen {
  const matching = filterCatalogue(index, filter);
  const limited = limitGroups(matching, rows);
  const matchedByGroup = new Map(matching.map((group) => [group.group, group.tools.length]));
  let toolCount = 0;
  let unavailableCount = 0;
  for (const { tools } of index) {
    toolCount += tools.length;
    for (const tool of tools) if (!isAvailable(tool)) unavailableCount++;
  }
  return {
    filter,
    toolCount,
    unavailableCount,
    groups: groupCounts(index),
    visible: limited.groups.map((group) => ({ ...group, matched: matchedByGroup.get(group.group) ?? group.tools.length })),
    shown: limited.matched,
    diagnostics,
  };
}

/** Whether two filters ask for the same tools. */
export function isSameFilter(a: CatalogueFilter, b: CatalogueFilter): boolean {
  return a.query.trim().toLowerCase() === b.query.trim().toLowerCase() && a.group === b.group && (a.availability ?? '') === (b.availability ?? '');
}
