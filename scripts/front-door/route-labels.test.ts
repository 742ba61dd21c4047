import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRouteTemplates, routeLabel } from './route-labels.mjs';

const distDir = mkdtempSync(path.join(os.tmpdir(), 'route-labels-'));
mkdirSync(path.join(distDir, 'server'));
writeFileSync(
  path.join(distDir, 'server', 'app-paths-manifest.json'),
  JSON.stringify({
    '/(catalogue)/page': 'x',
    '/agents/(list)/page': 'x',
    '/agents/[id]/page': 'x',
    '/api/v1/agents/route': 'x',
    '/api/v1/agents/[id]/route': 'x',
    '/api/v1/agents/[id]/tools/[toolName]/route': 'x',
    '/api/v1/[...unknownPath]/route': 'x',
    '/_not-found/page': 'x',
  }),
);
const routes = loadRouteTemplates(distDir);

afterAll(() => rmSync(distDir, { recursive: true, force: true }));

describe('route labels for metrics', () => {
  it.each([
    ['/', '/'],
    ['/agents', '/agents'],
    ['/agents/demo', '/agents/[id]'],
    ['/api/v1/agents', '/api/v1/agents'],
    ['/api/v1/agents/a-b', '/api/v1/agents/[id]'],
    ['/api/v1/agents/a/tools/fs_read_file', '/api/v1/agents/[id]/tools/[toolName]'],
    ['/api/v1/no/such/thing', '/api/v1/[...unknownPath]'],
    ['/_next/static/chunks/x.js', '/_next/static'],
    ['/anything-else/at/all', 'other'],
  ])('labels %s as %s', (pathname, label) => {
    expect(routeLabel(pathname, routes)).toBe(label);
  });

  it('labels a path seen before the same way, and keeps labelling right past the bound of remembered paths', () => {
    expect(routeLabel('/api/v1/agents/a/tools/b', routes)).toBe('/api/v1/agents/[id]/tools/[toolName]');
    expect(routeLabel('/api/v1/agents/a/tools/b', routes)).toBe('/api/v1/agents/[id]/tools/[toolName]');
    for (let index = 0; index < 2_500; index++) expect(routeLabel(`/api/v1/agents/agent-${index}`, routes)).toBe('/api/v1/agents/[id]');
    expect(routeLabel('/agents', routes)).toBe('/agents');
    expect(routeLabel('/anything-else/at/all', [])).toBe('other');
  });

  it('has no routes, and labels everything "other", without a build', () => {
    expect(loadRouteTemplates(path.join(distDir, 'missing'))).toEqual([]);
  });
});
