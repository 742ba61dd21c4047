// Builds the production app when there is no build yet or a source file is newer than the
// last build. Used by `npm start` and `npm run bench`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
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

/** Runs `next build` if the build is missing or stale; exits the process when the build fails. */
export function buildIfStale(env = process.env) {
  if (!needsBuild()) return;
  console.log('Building the app (about a minute)…');
  const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, env, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
