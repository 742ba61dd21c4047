import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { addSessionCookie, adminEnv, signInCookie } from './e2e-admin';
import { freshSqliteDatabase, removeSqliteDatabase } from './temp-database';

/** A production server of this app (`scripts/server.mjs`, as `npm start` runs it), for tests that need their own. */
export interface NextServer {
  readonly url: string;
  /** The server process's id, e.g. to read its memory from /proc. */
  readonly pid: number;
  /** The Cookie header of the server's first admin (E2E_ADMIN), signed in once it answered. */
  readonly adminCookie: string;
  /** `fetch` of a path on this server, signed in as its first admin. */
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  /** Signs a browser context in to this server as its first admin. */
  signIn(context: BrowserContext): Promise<void>;
  stop(): Promise<void>;
  /** What the server has printed so far, for failure messages. */
  output(): string;
}

let serversStarted = 0;

/**
 * Starts the built app on `port` with extra environment, and waits until it answers. Without a
 * DATABASE_URL in `env` the server gets a new SQLite file of its own, removed when it stops;
 * without FS_ALLOWED_ROOTS, the run's allowed root (E2E_FILES_ROOT). Its first admin is
 * E2E_ADMIN (unless `env` names another), signed in once it answers. `appDir` names the checkout
 * whose build it starts (this one by default; the bench compares another commit's build with it).
 */
export async function startNextServer(
  port: number,
  env: Record<string, string>,
  { isSignedIn = true, appDir = process.cwd() }: { isSignedIn?: boolean; appDir?: string } = {},
): Promise<NextServer> {
  const ownDatabase = env.DATABASE_URL === undefined ? freshSqliteDatabase(`server-${process.pid}-${++serversStarted}`) : undefined;
  const child = spawn(process.execPath, [path.join(appDir, 'scripts', 'server.mjs')], {
    cwd: appDir,
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...adminEnv,
      ...(ownDatabase ? { DATABASE_URL: `sqlite:${ownDatabase}` } : {}),
      // The run's allowed root, so a baseDir a spec made there is accepted by this server too.
      ...(process.env.E2E_FILES_ROOT ? { FS_ALLOWED_ROOTS: process.env.E2E_FILES_ROOT } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stopAndClean = async () => {
    await stop(child);
    if (ownDatabase) removeSqliteDatabase(ownDatabase);
  };
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  let adminCookie: string;
  try {
    await waitUntilAnswering(`${url}/sign-in`, child);
    adminCookie = isSignedIn ? await signInCookie(url, env.ADMIN_EMAIL, env.ADMIN_PASSWORD) : '';
  } catch (error) {
    await stopAndClean();
    throw new Error(`${(error as Error).message}\nServer output:\n${output}`);
  }
  return {
    url,
    pid: child.pid ?? 0,
    adminCookie,
    fetch: (pathname, init = {}) => {
      const headers = new Headers(init.headers);
      if (!headers.has('cookie') && !headers.has('authorization')) headers.set('cookie', adminCookie);
      // As the app's own pages do: a cookie write must name the app's origin.
      if (!headers.has('origin')) headers.set('origin', url);
      return fetch(`${url}${pathname}`, { ...init, headers });
    },
    signIn: (context) => addSessionCookie(context, url, adminCookie),
    stop: stopAndClean,
    output: () => output,
  };
}

async function waitUntilAnswering(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet: try again shortly.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
