import 'server-only';
import { logPluginProblems } from '@/lib/log/log-plugin-problems';
import { getToolRegistry } from '@/lib/registry-host';
import type { CatalogueEntry } from '@/registry/catalogue';
import { toCatalogueSummary, type CatalogueSnapshot, type CatalogueSummary } from './tool-summary';

/** The full catalogue and diagnostics, read afresh from the registry. */
export async function readCatalogue(): Promise<CatalogueSnapshot> {
  const registry = await getToolRegistry();
  const snapshot = registry.snapshot();
  logPluginProblems(snapshot.diagnostics);
  return snapshot;
}

/** The list page's view of the catalogue; the server prefetch and `?view=summary` share it. */
export async function readCatalogueSummary(): Promise<CatalogueSummary> {
  return toCatalogueSummary(await readCatalogue());
}

/** The catalogue entry of the first of `names` that a tool has, or undefined when none has. */
export async function findCatalogueEntry(names: readonly string[]): Promise<CatalogueEntry | undefined> {
  const registry = await getToolRegistry();
  const byName = new Map(registry.catalogue().map((entry) => [entry.name, entry]));
  for (const name of names) {
    const entry = byName.get(name);
    if (entry) return entry;
  }
  return undefined;
}
