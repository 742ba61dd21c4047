import { preload } from 'react-dom';

/**
 * The catalogue page's own layout, outside its loading boundary: the preload of the whole
 * summary lands in the first HTML's head, so the browser fetches it beside the page's scripts
 * instead of after them. The page's first HTML carries only the first screen of rows.
 */
export default function CatalogueLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  // Matches fetchCatalogueSummary's request (same address, mode and credentials), so it is used.
  preload('/api/v1/tools?view=summary', { as: 'fetch', crossOrigin: 'anonymous' });
  return children;
}
