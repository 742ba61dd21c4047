// Writes the README's screenshots (docs/screenshots/*.png): the catalogue and an agent page, in
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
const shots = [
  { name: 'catalogue', path: '/', heading: 'Tool catalogue' },
  { name: 'agent', path: '/agents/support-bot', heading: 'Support bot' },
] as const;

buildIfStale({ ...process.env, NEXT_TELEMETRY_DISABLED: '1' });
mkdirSync(outDir, { recursive: true });
await makeDesignFolders();
const server = await startNextServer(port, { TOOLS_PLUGIN_PATH: DESIGN_PLUGIN_PATH, SEED_DEMO: '0', FS_ALLOWED_ROOTS: DESIGN_FILES_ROOT });
const browser = await launchBrowser();
try {
  await seedDesignData(server.fetch);
  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, colorScheme: theme, reducedMotion: 'reduce' });
    await server.signIn(context);
    const page = await context.newPage();
    for (const shot of shots) {
      await page.goto(`${server.url}${shot.path}`);
      await page.getByRole('heading', { level: 1, name: shot.heading }).waitFor();
      await fontsReady(page);
      const file = path.join(outDir, `${shot.name}-${theme}.png`);
      await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
      console.log(`wrote ${path.relative(root, file)}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
