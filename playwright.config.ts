import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { ADMIN_STORAGE_STATE, adminEnv } from './e2e/support/e2e-admin';
import { E2E_PORT } from './e2e/support/ports';
import { freshFilesRoot } from './e2e/support/files-root';
import { freshSqliteDatabase } from './e2e/support/temp-database';

// Debian's Chromium where it is installed (CI, this project's machines); elsewhere the
// browser Playwright installed on a laptop.
const debianChromium = '/usr/bin/chromium';
const executablePath = existsSync(debianChromium) ? debianChromium : undefined;

// The shared server's database: a new SQLite file per run, never ./data. Chosen once in the
// runner process; the workers inherit the variable, so specs can open the same file.
process.env.E2E_DATABASE_FILE ??= freshSqliteDatabase(`shared-${process.pid}`);
// The folders the servers let the fs tools read (FS_ALLOWED_ROOTS); specs make baseDirs in it.
process.env.E2E_FILES_ROOT ??= freshFilesRoot(`${process.pid}`);

export default defineConfig({
  testDir: 'e2e',
  testMatch: ['**/*.spec.ts', 'auth.setup.ts'],
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  globalTeardown: './e2e/support/global-teardown.ts',
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 60_000,
  projects: [
    // Signs in once; every spec then runs signed in as the first admin (storageState).
    { name: 'setup', testMatch: 'auth.setup.ts' },
    { name: 'app', testMatch: '**/*.spec.ts', dependencies: ['setup'], use: { storageState: ADMIN_STORAGE_STATE } },
  ],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    // `npm run test:e2e` builds first; the tests run against that production build.
    command: 'node scripts/server.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/sign-in`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NEXT_TELEMETRY_DISABLED: '1',
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TOOLS_PLUGIN_PATH: 'plugins:e2e/fixtures/plugins',
      DATABASE_URL: `sqlite:${process.env.E2E_DATABASE_FILE}`,
      FS_ALLOWED_ROOTS: process.env.E2E_FILES_ROOT,
      // Local test MCP servers listen on 127.0.0.1, which the egress policy refuses unless allowed;
      // specs that prove blocking use other addresses (127.0.0.2, the metadata endpoints).
      MCP_ALLOWED_HOSTS: '127.0.0.1',
      ...adminEnv,
    },
  },
});
