import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// npm's own range check (npm depends on semver; so do several of ours): what `npm ci` runs before it warns EBADENGINE.
const semver = createRequire(import.meta.url)('semver') as { minVersion(range: string): { version: string } | null; satisfies(version: string, range: string): boolean };

interface LockedPackage {
  engines?: { node?: string };
}

const root = new URL('../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as { packages: Record<string, LockedPackage> };

describe('the Node.js version the project promises', () => {
  const oldest = semver.minVersion(manifest.engines.node)?.version ?? '';

  it('is Node 20.19, as the README says', () => {
    expect(oldest).toBe('20.19.0');
    expect(readFileSync(new URL('README.md', root), 'utf8')).toContain('Node 20.19 or newer');
  });

  it('is accepted by every locked package, so `npm ci` prints no engine warning on it', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path, locked]) => path !== '' && locked.engines?.node !== undefined && !semver.satisfies(oldest, locked.engines.node))
      .map(([path, locked]) => `${path} wants Node ${locked.engines?.node}`);
    expect(refusing).toEqual([]);
  });
});
