// Writes the README's screenshots (docs/screenshots/*.png): the catalogue, an agent page, its Connect card and an MCP server's page, in
// the light and the dark theme, from a production build on a fresh database with fixed data.
// Run: npm run screenshots (builds first when needed; uses port SCREENSHOTS_PORT, default 3395).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DESIGN_FILES_ROOT, DESIGN_PLUGIN_PATH, makeDesignFolders, seedDesignData } from '../e2e/support/design-data';
import { fontsReady } from '../e2e/support/layout-checks';
import { startNextServer } from '../e2e/support/next-server';
import { buildIfStale, root } from './build-if-stale.mjs';
import { launchBrowser } from './bench/browser';

const port = Number(process.env.SCREENSHOTS_PORT ?? 3395);
const outDir = path.join(root, 'docs', 'screenshots');
/** Each page's shot: the first screen, or one region of it (`region`, by its accessible name). */
const shots: readonly { name: string; path: string; heading: string; region?: string }[] = [
  { name: 'catalogue', path: '/', heading: 'Tool catalogue' },
  { name: 'agent', path: '/agents/support-bot', heading: 'Support bot' },
  { name: 'connect', path: '/agents/support-bot', heading: 'Support bot', region: 'Connect' },
  { name: 'server', path: '/servers/everything', heading: 'everything' },
];

/** The MCP server the server page shows: server-everything over stdio, connected. */
async function addEverythingServer(serverFetch: (pathname: string, init?: RequestInit) => Promise<Response>): Promise<void> {
  const everything = path.join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
  const body = { name: 'everything', transport: 'stdio', command: process.execPath, args: [everything, 'stdio'] };
  const created = await serverFetch('/api/v1/servers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (created.status !== 201) throw new Error(`Adding the everything server answered ${created.status}: ${await created.text()}`);
  for (let waited = 0; waited < 30_000; waited += 250) {
    const server = (await (await serverFetch('/api/v1/servers/everything')).json()) as { status: string };
    if (server.status === 'connected') return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The everything server did not connect within 30 s');
}

buildIfStale({ ...process.env, NEXT_TELEMETRY_DISABLED: '1' });
mkdirSync(outDir, { recursive: true });
await makeDesignFolders();
const server = await startNextServer(port, { TOOLS_PLUGIN_PATH: DESIGN_PLUGIN_PATH, SEED_DEMO: '0', FS_ALLOWED_ROOTS: DESIGN_FILES_ROOT });
const browser = await launchBrowser();
try {
  await seedDesignData(server.fetch);
  // The server page's shots come last: the server's tools would otherwise join the catalogue's.
  for (const shot of shots) {
    if (shot.name === 'server') await addEverythingServer(server.fetch);
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, colorScheme: theme, reducedMotion: 'reduce' });
      await server.signIn(context);
      const page = await context.newPage();
      await page.goto(`${server.url}${shot.path}`);
      await page.getByRole('heading', { level: 1, name: shot.heading }).waitFor();
      await fontsReady(page);
      const file = path.join(outDir, `${shot.name}-${theme}.png`);
      if (shot.region) await page.getByRole('region', { name: shot.region, exact: true }).screenshot({ path: file, animations: 'disabled', caret: 'hide' });
      else await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
      console.log(`wrote ${path.relative(root, file)}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
