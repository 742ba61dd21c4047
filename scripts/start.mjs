// Starts the production server on http://localhost:3000 (PORT to change it), building
// first when there is no build yet or a source file is newer than the last build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const buildId = path.join(root, '.next', 'BUILD_ID');
const sources = ['app', 'components', 'lib', 'registry', 'public', 'package.json', 'package-lock.json',
  'next.config.mjs', 'postcss.config.mjs', 'tsconfig.json'];

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestChange(path.join(target, name))), stats.mtimeMs);
}

function needsBuild() {
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return sources.some((source) => newestChange(path.join(root, source)) > built);
}

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

if (needsBuild()) {
  console.log('Building the app (about a minute)…');
  const build = spawnSync(process.execPath, [next, 'build'], { cwd: root, env, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = process.env.PORT ?? '3000';
const server = spawn(process.execPath, [next, 'start', '-p', port], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
