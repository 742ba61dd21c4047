import { filterCatalogue, indexCatalogue, prepareSearchText, type IndexedGroup } from './filter-catalogue';
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

// Contains no tool's search text (it has no control characters), so the warm-up search scans
// every tool and keeps none.
const WARM_UP_QUERY = '\u0001';

/**
 * Builds the index and its search text once the browser is idle (or soon, where it cannot say),
 * so neither the first keystroke nor the first opening of a picker waits for it; then, in the
 * next idle time, runs one search that matches nothing over every tool, so the first real
 * keystroke does not run the filter cold (its first run over 10,000 tools took several times
 * as long as the next ones). Answers a cancel.
 */
export function prepareIndexWhenIdle(tools: readonly ToolSummary[]): () => void {
  let cancel = whenIdle(() => {
    const index = sharedIndexOf(tools);
    prepareSearchText(index);
    cancel = whenIdle(() => void filterCatalogue(index, { query: WARM_UP_QUERY, group: '' }));
  });
  return () => cancel();
}

/** Runs `task` once the browser is idle (or soon, where it cannot say); answers a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 50);
  return () => window.clearTimeout(timer);
}
