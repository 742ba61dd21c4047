import { filterCatalogue, indexCatalogue, type IndexedGroup } from '@/lib/catalogue/filter-catalogue';
import { workWhenIdle } from './idle-work';
import type { ToolSummary } from '@/lib/catalogue/tool-summary';

// One index per fetched catalogue, held as long as that catalogue is: the catalogue page, the
// agent page's picker and every opening of it share it instead of regrouping 10,000 tools.
const indexes = new WeakMap<readonly ToolSummary[], IndexedGroup[]>();

/** The grouped, searchable index of a fetched catalogue, built on first use. */
export function sharedIndexOf(tools: readonly ToolSummary[]): IndexedGroup[] {
  let index = indexes.get(tools);
  if (!index) {
    index = indexCatalogue(tools);
    indexes.set(tools, index);
  }
  return index;
}

// Contains no tool's search text (it has no control characters), so the warm-up search scans
// every tool and keeps none.
const WARM_UP_QUERY = '\u0001';

/**
 * The steps of building the index (one), its search text (one per group) and a first search
 * (one), for `workWhenIdle`: each step is short, so a click or keystroke that comes while they
 * run waits for one group at most. The search matches nothing and keeps nothing: it is there so
 * that the first real keystroke does not run the filter cold (its first run over 10,000 tools
 * took several times as long as the next ones). Answers the index.
 */
export function* preparingIndex(tools: readonly ToolSummary[]): Generator<void, IndexedGroup[], undefined> {
  const index = sharedIndexOf(tools);
  yield;
  for (const section of index) {
    void section.haystacks;
    yield;
  }
  filterCatalogue(index, { query: WARM_UP_QUERY, group: '' });
  return index;
}

/**
 * Takes the steps of `preparingIndex` while the browser is idle (or soon, where it cannot say),
 * so neither the first keystroke nor the first opening of a picker waits for them. Answers a cancel.
 */
export function prepareIndexWhenIdle(tools: readonly ToolSummary[]): () => void {
  return workWhenIdle(preparingIndex(tools));
}
