import path from 'node:path';
import type { PluginKind } from './registration';

/** One `"./dist/index.js#ExportName"` entry of a package's `toolPlugin` field. */
export interface ManifestEntry {
  readonly kind: PluginKind;
  /** As written in package.json. */
  readonly entry: string;
  /** Absolute path of the module file. */
  readonly file: string;
  readonly exportName: string;
}

/** A plugin package's `toolPlugin` field, checked. */
export type ManifestResult =
  | { readonly ok: true; readonly entries: readonly ManifestEntry[] }
  | { readonly ok: false; readonly problems: readonly string[] };

const lists: ReadonlyArray<[key: string, kind: PluginKind]> = [
  ['toolFactories', 'factory'],
  ['multiToolProviders', 'provider'],
];

/**
 * Checks a `toolPlugin` field: `{ "toolFactories": ["./dist/index.js#Name"],
 * "multiToolProviders": [...] }`, module paths relative to the package and inside it.
 */
export function parseToolPluginField(toolPlugin: unknown, packageDir: string): ManifestResult {
  if (typeof toolPlugin !== 'object' || toolPlugin === null || Array.isArray(toolPlugin)) {
    return { ok: false, problems: ['"toolPlugin" must be an object with "toolFactories" and/or "multiToolProviders"'] };
  }
  const field = toolPlugin as Record<string, unknown>;
  const problems: string[] = [];
  const entries: ManifestEntry[] = [];
  // "$comment"-style keys are annotations; any other unknown key is most likely a typo.
  const unknownKeys = Object.keys(field).filter((key) => !key.startsWith('$') && !lists.some(([known]) => known === key));
  if (unknownKeys.length > 0) {
    problems.push(`"toolPlugin" has unknown keys ${unknownKeys.map((k) => `"${k}"`).join(', ')}; expected "toolFactories", "multiToolProviders"`);
  }
  for (const [key, kind] of lists) {
    const list = field[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      problems.push(`"toolPlugin.${key}" must be an array of "./file.js#ExportName" strings`);
      continue;
    }
    list.forEach((item: unknown, index) => {
      const parsed = parseEntry(item, packageDir, kind);
      if (typeof parsed === 'string') problems.push(`"toolPlugin.${key}[${index}]" ${parsed}`);
      else entries.push(parsed);
    });
  }
  if (problems.length === 0 && entries.length === 0) {
    problems.push('"toolPlugin" lists no "toolFactories" and no "multiToolProviders"');
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, entries };
}

function parseEntry(item: unknown, packageDir: string, kind: PluginKind): ManifestEntry | string {
  if (typeof item !== 'string') return 'must be a string like "./dist/index.js#ExportName"';
  const hash = item.lastIndexOf('#');
  const modulePath = hash < 0 ? '' : item.slice(0, hash);
  const exportName = hash < 0 ? '' : item.slice(hash + 1);
  if (modulePath === '' || exportName === '') {
    return `is "${item}"; it must be a module path and an export name, like "./dist/index.js#ExportName"`;
  }
  if (!/^[A-Za-z_$][\w$]*$/.test(exportName)) return `names the export "${exportName}", which is not a valid name`;
  if (path.isAbsolute(modulePath)) {
    return `has the module path "${modulePath}"; it must be relative to the package, starting with "./"`;
  }
  const file = path.resolve(packageDir, modulePath);
  const relative = path.relative(packageDir, file);
  if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
    return `has the module path "${modulePath}", which leaves the package folder`;
  }
  if (!modulePath.startsWith('./')) {
    return `has the module path "${modulePath}"; it must be relative to the package, starting with "./"`;
  }
  return { kind, entry: item, file, exportName };
}
