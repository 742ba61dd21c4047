import 'server-only';
import { logPluginProblems } from '@/lib/log/log-plugin-problems';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { getToolRegistry } from '@/lib/registry-host';
import type { ToolRegistry } from '@/registry';
import type { CatalogueEntry } from '@/registry/catalogue';
import { CatalogueBodies } from './catalogue-bodies';
import type { CatalogueSnapshot, CatalogueSummary } from './tool-summary';

const host = globalThis as typeof globalThis & { catalogueBodies?: CatalogueBodies };

/** What this process built from the last catalogue it read (bodies, summary, index). */
export function catalogueBodies(): CatalogueBodies {
  host.catalogueBodies ??= new CatalogueBodies();
  return host.catalogueBodies;
}

/**
 * The full catalogue and diagnostics as `registry` (by default the process's) reads them now;
 * AppError `forbidden` without `catalogue:read`. The registry re-reads what can change on every
 * call and rebuilds only when something did (`ToolRegistry.reading`): an unchanged catalogue
 * comes back as the same arrays.
 */
export async function readCatalogue(actor: Actor, registry?: ToolRegistry): Promise<CatalogueSnapshot> {
  authorize(actor, 'catalogue:read');
  const { tools, diagnostics } = (registry ?? (await getToolRegistry())).reading();
  const snapshot = { tools, diagnostics };
  // Each problem is logged once anyway; an unchanged catalogue needs no look at all.
  if (catalogueBodies().isChanged(snapshot)) logPluginProblems(diagnostics);
  return snapshot;
}

/** The list page's view of the catalogue; the server prefetch and `?view=summary` share it. */
export async function readCatalogueSummary(actor: Actor): Promise<CatalogueSummary> {
  return catalogueBodies().summaryOf(await readCatalogue(actor));
}

/**
 * The catalogue entry of the first of `names` that a tool of `registry` (by default the
 * process's) has, or undefined when none has; AppError `forbidden` without `catalogue:read`.
 */
export async function findCatalogueEntry(actor: Actor, names: readonly string[], registry?: ToolRegistry): Promise<CatalogueEntry | undefined> {
  authorize(actor, 'catalogue:read');
  const { tools } = (registry ?? (await getToolRegistry())).reading();
  for (const name of names) {
    const entry = tools.find((tool) => tool.name === name);
    if (entry) return entry;
  }
  return undefined;
}
