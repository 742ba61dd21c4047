import { indexCatalogue, prepareSearchText, type IndexedGroup } from './filter-catalogue';
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
 * Builds the index and its search text once the browser is idle (or soon, where it cannot say),
 * so neither the first keystroke nor the first opening of a picker waits for it. Answers a cancel.
 */
export function prepareIndexWhenIdle(tools: readonly ToolSummary[]): () => void {
  const prepare = () => prepareSearchText(sharedIndexOf(tools));
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(prepare, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(prepare, 50);
  return () => window.clearTimeout(timer);
}
