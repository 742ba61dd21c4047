import { expect, test } from '../support/test';

// The list is in the first HTML (the server prefetches the catalogue), not drawn after a client
// fetch. Links are looked for, not names: the prefetched data in the page holds every name.
test('[CATALOGUE][SSR]: the first HTML of the catalogue already lists the tools', async ({ request }) => {
  const html = await (await request.get('/')).text();

  expect(html).toContain('href="/tools/word_count"');
  expect(html).toContain('href="/tools/fs_read_file"');
});

test('[CATALOGUE][SSR]: the first HTML of a search lists only the matching tools', async ({ request }) => {
  const html = await (await request.get('/?q=units')).text();

  expect(html).toContain('href="/tools/units_km_to_miles"');
  expect(html).not.toContain('href="/tools/word_count"');
  expect(html).toContain('value="units"');
});
