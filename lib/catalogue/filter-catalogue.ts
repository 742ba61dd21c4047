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

// The search text is built the first time a group is searched (or when the page is idle), not
// with the grouping: a page that only lists the catalogue never pays for 10,000 lowercased strings.
class SearchableGroup implements IndexedGroup {
  #haystacks: readonly string[] | undefined;

  constructor(
    readonly group: string,
    readonly label: string,
    readonly tools: readonly ToolSummary[],
  ) {}

  get haystacks(): readonly string[] {
    this.#haystacks ??= this.tools.map((tool) => `${tool.name}\n${tool.description}\n${tool.group}\n${tool.unavailableReason ?? ''}`.toLowerCase());
    return this.#haystacks;
  }
}

/** Groups in display order with search text prepared once, so each keystroke only scans strings. */
export function indexCatalogue(tools: readonly ToolSummary[]): IndexedGroup[] {
  return groupTools(tools).map(({ group, label, tools: members }) => new SearchableGroup(group, label, members));
}

/** The lowercase words of a query, each of which a tool must contain. */
export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/** The groups and tools matching every word of the query (name, description, group or unavailable reason) and the availability, in display order. */
export function filterCatalogue(index: readonly IndexedGroup[], filter: CatalogueFilter): VisibleGroup[] {
  return matchGroups(index, filter, undefined).visible;
}

/** A search result with, per shown group, the positions of its matches in the index (so a narrower query can start from them). */
interface Matches {
  readonly visible: VisibleGroup[];
  /** Per group of the index (by position), the matching positions; undefined where none matched. */
  readonly positions: ReadonlyMap<number, readonly number[]>;
}

function matchGroups(index: readonly IndexedGroup[], filter: CatalogueFilter, within: Matches | undefined): Matches {
  const words = queryWords(filter.query);
  const wanted = filter.availability;
  const visible: VisibleGroup[] = [];
  const positions = new Map<number, readonly number[]>();
  index.forEach((section, groupIndex) => {
    if (filter.group && section.group !== filter.group) return;
    const { group, label, tools } = section;
    if (words.length === 0 && !wanted) {
      visible.push({ group, label, total: tools.length, tools });
      return;
    }
    const candidates = within ? within.positions.get(groupIndex) : undefined;
    if (within && !candidates) return;
    const haystacks = section.haystacks;
    const matching: ToolSummary[] = [];
    const matched: number[] = [];
    const consider = (i: number) => {
      const tool = tools[i]!;
      if (wanted && (tool.unavailableReason === undefined) !== (wanted === 'available')) return;
      const haystack = haystacks[i]!;
      for (const word of words) if (!haystack.includes(word)) return;
      matching.push(tool);
      matched.push(i);
    };
    if (candidates) for (const i of candidates) consider(i);
    else for (let i = 0; i < tools.length; i++) consider(i);
    if (matching.length === 0) return;
    visible.push({ group, label, total: tools.length, tools: matching });
    positions.set(groupIndex, matched);
  });
  return { visible, positions };
}

/** Whether every tool matching `next` also matches `previous`: each earlier word lies inside a word typed now, the rest the same. */
function isNarrowing(previous: CatalogueFilter, next: CatalogueFilter): boolean {
  if (previous.group !== next.group || (previous.availability ?? '') !== (next.availability ?? '')) return false;
  const before = queryWords(previous.query);
  if (before.length === 0) return false;
  const now = queryWords(next.query);
  return before.every((word) => now.some((typed) => typed.includes(word)));
}

const REMEMBERED_RESULTS = 24;

/**
 * The catalogue's search, one per index. A query that only adds to the last one (the admin typing
 * on) looks only at the last matches; a recent query (typed again, or reached by Backspace) gets
 * its earlier result back, the very same arrays, so the list's layout for it is reused too.
 */
export class CatalogueSearch {
  readonly #index: readonly IndexedGroup[];
  readonly #recent = new Map<string, Matches>();
  #last: { filter: CatalogueFilter; matches: Matches } | undefined;

  constructor(index: readonly IndexedGroup[]) {
    this.#index = index;
  }

  /** The same answer as `filterCatalogue(index, filter)`. */
  filter(filter: CatalogueFilter): VisibleGroup[] {
    const key = `${filter.group}\u0000${filter.availability ?? ''}\u0000${queryWords(filter.query).join(' ')}`;
    let matches = this.#recent.get(key);
    if (matches) {
      // Most recent last, so the oldest is the first to go.
      this.#recent.delete(key);
    } else {
      const last = this.#last;
      matches = matchGroups(this.#index, filter, last && isNarrowing(last.filter, filter) ? last.matches : undefined);
      if (this.#recent.size >= REMEMBERED_RESULTS) this.#recent.delete(this.#recent.keys().next().value!);
    }
    this.#recent.set(key, matches);
    this.#last = { filter, matches };
    return matches.visible;
  }
}

const searches = new WeakMap<readonly IndexedGroup[], CatalogueSearch>();

/** The search of an index, shared by every part of the page that searches it. */
export function searchOf(index: readonly IndexedGroup[]): CatalogueSearch {
  let search = searches.get(index);
  if (!search) {
    search = new CatalogueSearch(index);
    searches.set(index, search);
  }
  return search;
}
