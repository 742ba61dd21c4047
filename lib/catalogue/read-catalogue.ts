import 'server-only';
import { getToolRegistry } from '@/lib/registry-host';
import type { CatalogueEntry } from '@/registry/catalogue';
import { toToolSummary, type CatalogueSnapshot, type CatalogueSummary } from './tool-summary';

/** The full catalogue and diagnostics, read afresh from the registry. */
export async function readCatalogue(): Promise<CatalogueSnapshot> {
  const registry = await getToolRegistry();
  return registry.snapshot();
}

/** The list page's view of the catalogue; the server prefetch and `?view=summary` share it. */
export async function readCatalogueSummary(): Promise<CatalogueSummary> {
  const { tools, diagnostics } = await readCatalogue();
  return { tools: tools.map(toToolSummary), diagnostics };
}

/** One catalogue entry by its exact name, or undefined when no tool has that name. */
export async function findCatalogueEntry(name: string): Promise<CatalogueEntry | undefined> {
  const registry = await getToolRegistry();
  return registry.catalogue().find((entry) => entry.name === name);
}
