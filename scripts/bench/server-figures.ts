// `npm run bench` with BENCH_ONLY=server: each server route against the floor of the same
// production build, a minimal Next route handler that answers the same thing as cheaply as the
// framework allows (app/api/bench-floor/[kind]: the catalogue's saved bytes; word_count run
// through the same registry; a saved assignment's bytes), at 16 concurrent clients, median and
// 95th percentile, with the machine's load average before and after each figure. The floor is
// off in every server but one the bench starts with BENCH_FLOOR_DIR.
//
// BENCH_APP_DIR=/a/checkout[:/another] measures the builds of those checkouts instead (built with
// `next build` there first when they have no build; each needs its own node_modules, copied or
// hard-linked: Next refuses a symlink that leaves the project), all started at once and taking
// turns within each figure, e.g. `BENCH_APP_DIR=/tmp/main-51cadcc:$PWD BENCH_ONLY=server npm run
// bench` for before and after in one run. A build older than the floor route borrows the floor
// of another build in the run (the same framework, on the same fixture), and its lines say so.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRuntimeToken } from '../../e2e/runtime/mcp-client';
import { startNextServer, type NextServer } from '../../e2e/support/next-server';
import { timeUnderLoad, timedRequest, type Send } from './load';
import { SCALE_PLUGIN_PATH } from './plugin-registry';
import { loadAverage, median, ms, percentile } from './stats';

type Line = (label: string, value: string, target?: string, isMet?: boolean) => void;

const CLIENTS = 16;
/** The 16 agents the save figure writes to, one per client, so no client's version moves under another. */
const SAVE_AGENTS = Array.from({ length: CLIENTS }, (_, i) => `save-${String(i).padStart(2, '0')}`);

/** One build under measure: its server, what the figures need of it, and where its floor answers. */
interface Build {
  label: string;
  app: NextServer;
  token: string;
  baseDir: string;
  floorUrl: string;
  /** Each save agent's current version, as the route's answers give it. */
  versions: number[];
}

/** A figure: what is timed, its load, and the route ÷ floor budget. */
interface Figure {
  label: string;
  target: number;
  load: { perClient: number; rounds: number };
  route(build: Build): Send;
  floor(build: Build): Send;
}

/**
 * Measures each build named by BENCH_APP_DIR (this checkout by default) on ports from `port`:
 * all of them started at once and taking turns within each figure, so before and after share
 * the machine's moments.
 */
export async function benchServerFigures(port: number, line: Line): Promise<void> {
  const dirs = (process.env.BENCH_APP_DIR ?? '').split(':').filter(Boolean);
  const appDirs = dirs.length > 0 ? dirs.map((dir) => path.resolve(dir)) : [process.cwd()];
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const builds: Build[] = [];
    for (const [index, appDir] of appDirs.entries()) builds.push(await startBuild(appDir, port + index * 2, cleanups));
    await lendFloors(builds, port + appDirs.length * 2, cleanups);
    console.log(`\nServer figures: each route ÷ the floor of the same build (app/api/bench-floor), ${CLIENTS} concurrent clients on keep-alive connections, taking turns; ms per request`);
    for (const build of builds) console.log(`  ${build.label}`);
    for (const figure of figures()) {
      const sides = Object.fromEntries(builds.flatMap((build, index) => [[`${index}:route`, figure.route(build)], [`${index}:floor`, figure.floor(build)]])) as Record<string, Send>;
      const before = loadAverage();
      const times = await timeUnderLoad(sides, { clients: CLIENTS, ...figure.load });
      console.log(`  ${figure.label} (${times['0:route']?.length ?? 0} requests each way; load ${before} → ${loadAverage()})`);
      for (const [index, build] of builds.entries()) {
        const route = times[`${index}:route`] ?? [];
        const floor = times[`${index}:floor`] ?? [];
        const medianRatio = median(route) / median(floor);
        const p95Ratio = percentile(route, 0.95) / percentile(floor, 0.95);
        const budget = `≤ ${figure.target}`;
        if (builds.length > 1) console.log(`    ${build.label}`);
        line('    median, route / floor', `${ms(median(route))} / ${ms(median(floor))}`);
        line('    ratio of medians', medianRatio.toFixed(2), budget, medianRatio <= figure.target);
        line('    95th percentile, route / floor', `${ms(percentile(route, 0.95))} / ${ms(percentile(floor, 0.95))}`);
        line('    ratio of 95th percentiles', p95Ratio.toFixed(2), budget, p95Ratio <= figure.target);
      }
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

/** Starts one checkout's build with the floor on, and sets up what the figures use. */
async function startBuild(appDir: string, port: number, cleanups: (() => Promise<void>)[]): Promise<Build> {
  buildIfMissing(appDir);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'tools-bench-floor-'));
  const files = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'tools-bench-files-')));
  cleanups.push(() => Promise.all([rm(folder, { recursive: true, force: true }), rm(files, { recursive: true, force: true })]).then(() => undefined));
  const baseDir = path.join(files, 'bench');
  mkdirSync(baseDir);
  const app = await startNextServer(port, serverEnv(folder, files), { appDir });
  cleanups.push(() => app.stop());
  const token = await setUp(app, baseDir, folder);
  return { label: `${appDir} at ${commitOf(appDir)}`, app, token, baseDir, floorUrl: `${app.url}/api/bench-floor`, versions: SAVE_AGENTS.map(() => 1) };
}

/**
 * A build older than the floor route has none: it borrows the floor of a build that has one (the
 * same framework, on the same fixture), or of this checkout's build started for it.
 */
async function lendFloors(builds: Build[], port: number, cleanups: (() => Promise<void>)[]): Promise<void> {
  const hasFloor = await Promise.all(builds.map(async (build) => (await fetch(`${build.floorUrl}/catalogue`)).status === 200));
  const lender = builds.find((_build, index) => hasFloor[index]);
  for (const [index, build] of builds.entries()) {
    if (hasFloor[index]) continue;
    let floorUrl = lender?.floorUrl;
    if (!floorUrl) {
      const folder = await mkdtemp(path.join(os.tmpdir(), 'tools-bench-floor-'));
      const files = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'tools-bench-files-')));
      cleanups.push(() => Promise.all([rm(folder, { recursive: true, force: true }), rm(files, { recursive: true, force: true })]).then(() => undefined));
      const floorServer = await startNextServer(port, serverEnv(folder, files));
      cleanups.push(() => floorServer.stop());
      await setUp(floorServer, path.join(files, 'bench'), folder);
      floorUrl = `${floorServer.url}/api/bench-floor`;
    }
    build.floorUrl = floorUrl;
    build.label += ' (no floor route in this build: measured against the floor of another build)';
  }
}

function serverEnv(folder: string, files: string): Record<string, string> {
  return {
    TOOLS_PLUGIN_PATH: path.resolve(SCALE_PLUGIN_PATH),
    SCALE_TOOL_COUNT: '10000',
    SEED_DEMO: '0',
    FS_ALLOWED_ROOTS: files,
    BENCH_FLOOR_DIR: folder,
    // With BENCH_PROFILE_DIR, the app server writes a CPU profile of its run there.
    ...(process.env.BENCH_PROFILE_DIR ? { NODE_OPTIONS: `--import ${pathToFileURL(path.resolve('scripts/bench/cpu-profile-preload.mjs')).href}` } : {}),
  };
}

function figures(): Figure[] {
  const json = { 'content-type': 'application/json' };
  const invokeBody = JSON.stringify({ arguments: { text: 'one two three' } });
  const ok = (what: string) => ({ status, ms: took }: { status: number; ms: number }) => {
    if (status !== 200) throw new Error(`${what} answered ${status}`);
    return took;
  };
  const catalogue = (label: string, encoding: string, load: Figure['load']): Figure => ({
    label,
    target: 1.5,
    load,
    route: ({ app }) => (_client, agent) => timedRequest(`${app.url}/api/v1/tools`, { agent, headers: { cookie: app.adminCookie, 'accept-encoding': encoding } }).then(ok('GET /api/v1/tools')),
    floor: ({ app, floorUrl }) => (_client, agent) => timedRequest(`${floorUrl}/catalogue`, { agent, headers: { cookie: app.adminCookie, 'accept-encoding': encoding } }).then(ok('the catalogue floor')),
  });
  return [
    catalogue('catalogue API: GET /api/v1/tools at 10,000 tools, plain (a script\'s read)', 'identity', { perClient: 2, rounds: 6 }),
    catalogue('catalogue API: the same, gzip (Next compresses both)', 'gzip', { perClient: 1, rounds: 3 }),
    {
      label: 'invoke: POST …/tools/word_count/invoke (token, checks, audit) ÷ word_count through the same registry',
      target: 2,
      load: { perClient: 25, rounds: 4 },
      route: ({ app, token }) => (_client, agent) =>
        timedRequest(`${app.url}/api/v1/agents/bench/tools/word_count/invoke`, { method: 'POST', agent, headers: { ...json, authorization: `Bearer ${token}` }, body: invokeBody }).then(ok('invoke')),
      floor: ({ floorUrl }) => (_client, agent) => timedRequest(`${floorUrl}/invoke`, { method: 'POST', agent, headers: json, body: invokeBody }).then(ok('the invoke floor')),
    },
    {
      label: 'assignment save: PUT fs_read_file\'s settings (session, If-Match, schema + allowed roots, write, audit)',
      target: 3,
      load: { perClient: 10, rounds: 4 },
      route: ({ app, baseDir, versions }) => async (client, agent) => {
        const version = versions[client]!;
        const body = JSON.stringify({ overrides: { baseDir, maxBytes: 1000 + version } });
        const headers = { ...json, cookie: app.adminCookie, origin: app.url, 'if-match': `"${version}"` };
        const answer = await timedRequest(`${app.url}/api/v1/agents/${SAVE_AGENTS[client]}/tools/fs_read_file`, { method: 'PUT', agent, headers, body });
        if (answer.status !== 200) throw new Error(`a save answered ${answer.status}`);
        versions[client] = Number(/"(\d+)"/.exec(String(answer.headers.etag))?.[1]);
        return answer.ms;
      },
      floor: ({ baseDir, versions, floorUrl }) => (client, agent) => {
        const body = JSON.stringify({ overrides: { baseDir, maxBytes: 1000 + versions[client]! } });
        return timedRequest(`${floorUrl}/assignment?agent=${SAVE_AGENTS[client]}&tool=fs_read_file`, { method: 'PUT', agent, headers: json, body }).then(ok('the assignment floor'));
      },
    },
  ];
}

/**
 * The agents and token the figures use, and the floor's saved answers in `folder`: the catalogue
 * exactly as the route sends it, and an assignment as a save answers it. Resolves to the token.
 */
async function setUp(app: NextServer, baseDir: string, folder: string): Promise<string> {
  const send = async (pathname: string, method: string, body: unknown) => {
    const response = await app.fetch(pathname, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${await response.text()}`);
    return response.text();
  };
  await send('/api/v1/agents', 'POST', { id: 'bench', name: 'bench' });
  await send('/api/v1/agents/bench/tools/word_count', 'PUT', { overrides: {} });
  let assignment = '';
  for (const id of SAVE_AGENTS) {
    await send('/api/v1/agents', 'POST', { id, name: id });
    assignment = await send(`/api/v1/agents/${id}/tools/fs_read_file`, 'PUT', { overrides: { baseDir } });
  }
  const catalogue = await timedRequest(`${app.url}/api/v1/tools`, { agent: new http.Agent(), headers: { cookie: app.adminCookie, 'accept-encoding': 'identity' }, keepText: true });
  await writeFile(path.join(folder, 'catalogue.json'), catalogue.text ?? '');
  await writeFile(path.join(folder, 'assignment.json'), assignment);
  return createRuntimeToken(app);
}

/** Builds a checkout that has no build yet (another commit's; this one is built by index.ts when stale). */
function buildIfMissing(appDir: string): void {
  if (existsSync(path.join(appDir, '.next', 'BUILD_ID'))) return;
  console.log(`Building ${appDir} (about a minute)…`);
  const build = spawnSync(process.execPath, [path.join(appDir, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
    cwd: appDir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`Building ${appDir} failed`);
}

function commitOf(appDir: string): string {
  try {
    return execFileSync('git', ['-C', appDir, 'log', '-1', '--format=%h %s'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().slice(0, 80);
  } catch {
    return 'an unknown commit';
  }
}
