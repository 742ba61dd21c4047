import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createToolEnvironment } from '@/registry/environment';
import { ToolRegistry } from '@/registry/tool-registry';
import type { Discovery } from '@/registry/discovery';

/**
 * Test support: real plugin packages on disk, written as plain ESM JavaScript the way a
 * plugin author would ship them. Every test gets fresh folders, so module URLs never repeat
 * (Node and vitest cache imported modules by URL).
 */

const made: string[] = [];

/** A fresh, empty folder under the OS temp dir (its real path, symlinks resolved). */
export async function tempDir(label: string): Promise<string> {
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), `tools-admin-${label}-`)));
  made.push(dir);
  return dir;
}

/** Removes every folder `tempDir` made. */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
}

/** Writes files under `root`; objects are written as JSON. */
export async function writeFiles(root: string, files: Record<string, string | object>): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(root, relative);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
}

export interface ModuleSpec {
  /** Exported factory class name → the tool name it owns. */
  factories?: Record<string, string>;
  /** Exported provider class name → its group and tool names. */
  providers?: Record<string, { group: string; names: string[] }>;
}

/** The source of an ESM module exporting echo-tool factories and providers. */
export function pluginModule(spec: ModuleSpec): string {
  const lines = [
    'class EchoTool {',
    '  constructor(name) { this.toolName = name; }',
    '  name() { return this.toolName; }',
    '  description() { return `Echoes its text (${this.toolName})`; }',
    "  parametersSchema() { return { type: 'object', properties: { text: { type: 'string' } } }; }",
    "  async execute(args) { return `${this.toolName}: ${String(args.text ?? '')}`; }",
    '}',
  ];
  for (const [exportName, toolName] of Object.entries(spec.factories ?? {})) {
    lines.push(
      `export class ${exportName} {`,
      `  name() { return ${JSON.stringify(toolName)}; }`,
      `  create() { return new EchoTool(${JSON.stringify(toolName)}); }`,
      '}',
    );
  }
  for (const [exportName, { group, names }] of Object.entries(spec.providers ?? {})) {
    lines.push(
      `export class ${exportName} {`,
      `  group() { return ${JSON.stringify(group)}; }`,
      `  toolNames() { return new Set(${JSON.stringify(names)}); }`,
      '  create(name) { return this.toolNames().has(name) ? new EchoTool(name) : undefined; }',
      '}',
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The files of a plugin package: `package.json` with a `toolPlugin` field listing every export of `index.js`. */
export function pluginPackage(name: string, spec: ModuleSpec): Record<string, string | object> {
  return {
    'package.json': {
      name,
      version: '1.0.0',
      type: 'module',
      toolPlugin: {
        toolFactories: Object.keys(spec.factories ?? {}).map((exportName) => `./index.js#${exportName}`),
        multiToolProviders: Object.keys(spec.providers ?? {}).map((exportName) => `./index.js#${exportName}`),
      },
    },
    'index.js': pluginModule(spec),
  };
}

/** Loads a registry from what discovery found, as the host does. */
export function loadDiscovered(discovery: Discovery): Promise<ToolRegistry> {
  return ToolRegistry.load({
    registrations: discovery.registrations,
    diagnostics: discovery.diagnostics,
    environment: createToolEnvironment({ env: {} }),
  });
}
