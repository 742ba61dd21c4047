import type { Page } from '@playwright/test';

/** What the catalogue specs read of `GET /api/v1/tools`. */
export interface ToolsResponse {
  tools: { name: string; group: string; description: string }[];
}

/** The catalogue's search box. */
export const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search tools' });
/** The catalogue's group filter. */
export const groupFilter = (page: Page) => page.getByRole('combobox', { name: 'Group' });
/** The tool links the list shows now (not the summary strip's links above it). */
export const shownTools = (page: Page) => page.locator('[data-catalogue-list]').getByRole('listitem').getByRole('link');

/**
 * Waits until the whole summary has arrived (the page's "catalogue:interactive" mark): the first
 * rows on screen may be the server's first screen, before the browser has fetched the rest.
 */
export async function waitForWholeCatalogue(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('catalogue:interactive').length > 0);
}
