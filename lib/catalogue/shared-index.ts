import { indexCatalogue, type IndexedGroup } from './filter-catalogue';
import { workWhenIdle } from './idle-work';
import type { ToolSummary } from './tool-summary';

// One index per fetched catalogue, kept as long as that catalogue is: the catalogue page, the
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

/**
 * The steps of building the index (one) and its search text (one per group), for
 * `workWhenIdle`: each step is short, so a click or keystroke that comes while they run waits
 * for one group at most. Answers the index.
 */
export function* preparingIndex(tools: readonly ToolSummary[]): Generator<void, IndexedGroup[], undefined> {
  const index = sharedIndexOf(tools);
  yield;
  for (const section of index) {
    void section.haystacks;
    yield;
  }
  return index;
}

/**
 * Builds the index and its search text once the browser is idle (or soon, where it cannot say),
 * so neither the first keystroke nor the first opening of a picker waits for it. Answers a cancel.
 */
export function prepareIndexWhenIdle(tools: readonly ToolSummary[]): () => void {
  return workWhenIdle(preparingIndex(tools));
}
