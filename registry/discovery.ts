import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { errorMessage, type Diagnostic } from './diagnostics';
import { parseToolPluginField, type ManifestEntry } from './manifest';
import { importModule } from './plugin-import';
import type { PluginRegistration } from './registration';

/** Where `discoverPlugins` looks. */
export interface DiscoveryOptions {
  /** Folders holding plugin packages (or being one), in order; see `pluginPathFrom`. */
  pluginPath: readonly string[];
  /** Whether the plugin path was configured; a configured folder that is missing is a warning. */
  isPluginPathConfigured?: boolean;
  /** The app's root: every dependency in its package.json with a `toolPlugin` field is loaded. */
  appRoot?: string;
}

/** What discovery found: registrations to load and problems to report. */
export interface Discovery {
  registrations: PluginRegistration[];
  diagnostics: Diagnostic[];
}

/** The folders of `TOOLS_PLUGIN_PATH` (`:`-separated), resolved against `cwd`; default `./plugins`. */
export function pluginPathFrom(value: string | undefined, cwd: string): string[] {
  const folders = (value ?? '').split(path.delimiter).filter((folder) => folder.trim() !== '');
  return (folders.length > 0 ? folders : ['plugins']).map((folder) => path.resolve(cwd, folder));
}

/**
 * Finds plugin packages: in each folder of the plugin path (the folder itself, or its
 * sub-folders and `@scope/` sub-folders), then among the app's npm dependencies. A bad
 * package becomes a diagnostic naming its file; discovery itself never throws.
 */
export async function discoverPlugins(options: DiscoveryOptions): Promise<Discovery> {
  const discovery: Discovery = { registrations: [], diagnostics: [] };
  const seen = new Set<string>();
  const addPackage = async (dir: string, isDependency: boolean) => {
    const real = await fs.realpath(dir).catch(() => dir);
    if (seen.has(real)) return;
    seen.add(real);
    await readPackage(real, isDependency, discovery);
  };

  for (const folder of options.pluginPath) {
    for (const dir of await packageFolders(folder, options.isPluginPathConfigured === true, discovery)) {
      await addPackage(dir, false);
    }
  }
  if (options.appRoot) {
    for (const dir of await dependencyFolders(options.appRoot, discovery)) await addPackage(dir, true);
  }
  return discovery;
}

async function packageFolders(folder: string, isConfigured: boolean, discovery: Discovery): Promise<string[]> {
  if (!(await isDirectory(folder))) {
    if (isConfigured) {
      discovery.diagnostics.push({
        kind: 'warning',
        source: folder,
        message: `Plugin folder ${folder} (from TOOLS_PLUGIN_PATH) does not exist or is not a folder`,
      });
    }
    return [];
  }
  if (await exists(path.join(folder, 'package.json'))) return [folder];
  const folders: string[] = [];
  for (const name of await sortedEntries(folder, discovery)) {
    const dir = path.join(folder, name);
    if (name.startsWith('.') || !(await isDirectory(dir))) continue;
    if (name.startsWith('@')) {
      for (const scoped of await sortedEntries(dir, discovery)) {
        if (await isDirectory(path.join(dir, scoped))) folders.push(path.join(dir, scoped));
      }
    } else {
      folders.push(dir);
    }
  }
  return folders;
}

async function dependencyFolders(appRoot: string, discovery: Discovery): Promise<string[]> {
  const manifest = await readJson(path.join(appRoot, 'package.json'), 'app', discovery);
  if (!manifest) return [];
  const names = new Set<string>();
  for (const field of ['dependencies', 'optionalDependencies']) {
    const dependencies = manifest[field];
    if (typeof dependencies === 'object' && dependencies !== null) for (const name of Object.keys(dependencies)) names.add(name);
  }
  const folders: string[] = [];
  for (const name of [...names].sort()) {
    const folder = await installedPackage(appRoot, name);
    if (folder) folders.push(folder);
  }
  return folders;
}

/** Where Node would find an installed package: `node_modules` of the app or of a folder above it. */
async function installedPackage(appRoot: string, name: string): Promise<string | undefined> {
  for (let dir = appRoot; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', ...name.split('/'));
    if (await exists(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

async function readPackage(dir: string, isDependency: boolean, discovery: Discovery): Promise<void> {
  const manifestFile = path.join(dir, 'package.json');
  const folderName = path.basename(dir);
  if (!(await exists(manifestFile))) {
    if (!isDependency) {
      discovery.diagnostics.push({
        kind: 'warning',
        source: folderName,
        file: dir,
        message: `${dir} is in a plugin folder but has no package.json, so it is not a plugin package`,
      });
    }
    return;
  }
  const manifest = await readJson(manifestFile, folderName, discovery);
  if (!manifest) return;
  const source = typeof manifest.name === 'string' && manifest.name !== '' ? manifest.name : folderName;
  if (manifest.toolPlugin === undefined) {
    if (!isDependency) {
      discovery.diagnostics.push({
        kind: 'warning',
        source,
        file: manifestFile,
        phase: 'manifest',
        message: `${manifestFile} has no "toolPlugin" field, so no tools are loaded from it`,
      });
    }
    return;
  }
  const parsed = parseToolPluginField(manifest.toolPlugin, dir);
  if (!parsed.ok) {
    discovery.diagnostics.push({
      kind: 'failed',
      source,
      file: manifestFile,
      phase: 'manifest',
      message: `Invalid plugin manifest ${manifestFile}: ${parsed.problems.join('; ')}`,
    });
    return;
  }
  for (const entry of parsed.entries) discovery.registrations.push(registration(source, entry));
}

function registration(source: string, entry: ManifestEntry): PluginRegistration {
  return {
    source,
    entry: entry.entry,
    kind: entry.kind,
    file: entry.file,
    load: async () => {
      if (!(await exists(entry.file))) throw new Error(`Module file not found: ${entry.file}`);
      const loaded = await importModule(pathToFileURL(entry.file).href).catch((error: unknown) => {
        throw error instanceof SyntaxError ? new Error(syntaxErrorMessage(entry.file, error)) : error;
      });
      if (!Object.hasOwn(loaded, entry.exportName)) {
        const exported = Object.keys(loaded).join(', ') || 'nothing';
        throw new Error(`${entry.file} has no export named "${entry.exportName}" (it exports: ${exported})`);
      }
      return loaded[entry.exportName];
    },
  };
}

/**
 * A syntax error with the line it is on. Node's import() does not say where; `node --check`
 * does, and it runs only for a module that already failed.
 */
function syntaxErrorMessage(file: string, error: SyntaxError): string {
  const check = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8', timeout: 10_000 });
  const location = check.stderr?.split('\n', 1)[0]?.trim();
  const where = location && location.startsWith(file) ? location : file;
  return `Syntax error in ${where}: ${error.message}`;
}

async function readJson(file: string, source: string, discovery: Discovery): Promise<Record<string, unknown> | undefined> {
  try {
    const value: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    throw new Error('it is not a JSON object');
  } catch (error) {
    discovery.diagnostics.push({
      kind: 'failed',
      source,
      file,
      phase: 'manifest',
      message: `Cannot read ${file}: ${errorMessage(error)}`,
    });
    return undefined;
  }
}

/** The folder's entries, sorted; an unreadable folder is a warning, not a crash. */
async function sortedEntries(folder: string, discovery: Discovery): Promise<string[]> {
  try {
    return (await fs.readdir(folder)).sort();
  } catch (error) {
    discovery.diagnostics.push({
      kind: 'warning',
      source: folder,
      file: folder,
      message: `Cannot read plugin folder ${folder}: ${errorMessage(error)}`,
    });
    return [];
  }
}

async function isDirectory(target: string): Promise<boolean> {
  return fs.stat(target).then((stats) => stats.isDirectory(), () => false);
}

async function exists(target: string): Promise<boolean> {
  return fs.access(target).then(() => true, () => false);
}
