// @ts-check
// Turns a request path into the route it reached (`/api/v1/agents/[id]`), so metrics are
// labelled by route, never by the unbounded set of paths clients make up.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * @typedef {object} RouteTemplate One route of the app and the paths it serves.
 * @property {string} template
 * @property {RegExp} pattern
 */

/** @param {string} template */
function patternOf(template) {
  const source = template
    .split('/')
    .map((segment) => {
      if (/^\[\[\.\.\..+\]\]$/.test(segment)) return '(?:/.*)?';
      if (/^\[\.\.\..+\]$/.test(segment)) return '/.+';
      if (/^\[.+\]$/.test(segment)) return '/[^/]+';
      return segment === '' ? '' : `/${segment.replace(/[.*+?^${}()|\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${source === '' ? '/' : source}/?$`);
}

/**
 * The app's routes from a build's app-paths manifest, static ones first.
 * @param {string} distDir
 * @returns {RouteTemplate[]}
 */
export function loadRouteTemplates(distDir) {
  const manifest = path.join(distDir, 'server', 'app-paths-manifest.json');
  if (!existsSync(manifest)) return [];
  const entries = Object.keys(JSON.parse(readFileSync(manifest, 'utf8')));
  const templates = new Set(
    entries
      .map((entry) => entry.replace(/\/(page|route)$/, '').split('/').filter((segment) => !/^\(.+\)$/.test(segment)).join('/') || '/')
      .filter((template) => !template.startsWith('/_')),
  );
  return [...templates]
    .sort((a, b) => dynamicCount(a) - dynamicCount(b))
    .map((template) => ({ template, pattern: patternOf(template) }));
}

/** @param {string} template */
function dynamicCount(template) {
  return (template.match(/\[/g) ?? []).length * 10 + (template.includes('[...') ? 100 : 0);
}

/** The most paths whose labels are remembered: a runtime calls the same few agents' tools over and over. */
const MAX_LABELS = 1_000;
/** @type {WeakMap<readonly RouteTemplate[], Map<string, string>>} */
const labelsByTemplates = new WeakMap();

/**
 * The route label of `pathname`: its template, `/_next/static` for built assets, or `other`.
 * @param {string} pathname
 * @param {readonly RouteTemplate[]} templates
 * @returns {string}
 */
export function routeLabel(pathname, templates) {
  if (pathname.startsWith('/_next/static/')) return '/_next/static';
  let labels = labelsByTemplates.get(templates);
  if (!labels) labelsByTemplates.set(templates, (labels = new Map()));
  const known = labels.get(pathname);
  if (known !== undefined) return known;
  const label = templates.find(({ pattern }) => pattern.test(pathname))?.template ?? 'other';
  // Paths are made up by clients: past the bound, start again rather than grow.
  if (labels.size >= MAX_LABELS) labels.clear();
  labels.set(pathname, label);
  return label;
}
