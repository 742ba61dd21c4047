import 'server-only';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { getToolRegistry } from '@/lib/registry-host';
import type { CatalogueEntry } from '@/registry/catalogue';
import { toCatalogueSummary, type CatalogueSnapshot, type CatalogueSummary } from './tool-summary';

/** The full catalogue and diagnostics, read afresh from the registry; AppError `forbidden` without `catalogue:read`. */
export async function readCatalogue(actor: Actor): Promise<CatalogueSnapshot> {
  authorize(actor, 'catalogue:read');
  const registry = await getToolRegistry();
  return registry.snapshot();
}

/** The list page's view of the catalogue; the server prefetch and `?view=summary` share it. */
export async function readCatalogueSummary(actor: Actor): Promise<CatalogueSummary> {
  return toCatalogueSummary(await readCatalogue(actor));
}

/** The catalogue entry of the first of `names` that a tool has, or undefined when none has; AppError `forbidden` without `catalogue:read`. */
export async function findCatalogueEntry(actor: Actor, names: readonly string[]): Promise<CatalogueEntry | undefined> {
  authorize(actor, 'catalogue:read');
  const registry = await getToolRegistry();
  const byName = new Map(registry.catalogue().map((entry) => [entry.name, entry]));
  for (const name of names) {
    const entry = byName.get(name);
    if (entry) return entry;
  }
  return undefined;
}
