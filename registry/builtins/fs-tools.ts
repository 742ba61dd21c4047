import { constants, type Dirent } from 'node:fs';
import { lstat, open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTool, JsonSchema, Tool, ToolFactory } from '../spi';
import { fsOverridesSchema, fsSettings, type Overrides } from './fs-settings';
import { pathError, resolveInside, type SafePath } from './safe-path';
import { compareStrings } from '../text';

const FS_GROUP = 'fs';

/** Reads a text file under the agent's base directory. */
export class FsReadFileTool implements Tool {
  static readonly NAME = 'fs_read_file';

  // Overrides are checked when the tool runs: the registry builds it with none to describe it.
  constructor(private readonly overrides: Overrides) {}

  name(): string {
    return FsReadFileTool.NAME;
  }

  description(): string {
    return (
      'Read a text file. The path is relative to the base directory this agent may read; ' +
      'a file longer than the size limit is cut off, and the result says so.'
    );
  }

  parametersSchema(): JsonSchema {
    return {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'The file, relative to the base directory, e.g. "docs/readme.md".' },
      },
      required: ['path'],
    };
  }

  async execute(args: Record<string, unknown>): Promise<string> {
    const { baseDir, maxBytes } = fsSettings(FsReadFileTool.NAME, this.overrides);
    if (args.path === undefined) throw new Error('fs_read_file needs "path": a file relative to the base directory');
    const target = await resolveInside(baseDir, pathArgument(args.path));
    const shown = JSON.stringify(target.requested);

    const info = await guarded(target, () => stat(target.real));
    if (info.isDirectory()) throw new Error(`Path ${shown} is a directory; use fs_list_dir to list it`);
    if (!info.isFile()) throw new Error(`Path ${shown} is not a regular file`);

    const bytes = await guarded(target, () => readStart(target.real, Math.min(info.size, maxBytes)));
    const isTruncated = info.size > bytes.length;
    // `stream` holds back a multi-byte character cut in half by the limit.
    const text = new TextDecoder('utf-8').decode(bytes, { stream: isTruncated });
    if (!isTruncated) return text;
    const note = `[Truncated: ${shown} is ${info.size} bytes; only the first ${bytes.length} are shown (maxBytes setting).]`;
    return `${text}\n\n${note}`;
  }
}

/** Lists a directory under the agent's base directory. */
export class FsListDirTool implements Tool {
  static readonly NAME = 'fs_list_dir';

  constructor(private readonly overrides: Overrides) {}

  name(): string {
    return FsListDirTool.NAME;
  }

  description(): string {
    return (
      'List a directory: one line per entry with its type (file, dir or link), its name and, ' +
      'for files, its size. The path is relative to the base directory this agent may read.'
    );
  }

  parametersSchema(): JsonSchema {
    return {
      type: 'object',
      properties: {
        path: {
          type: 'string',
          description: 'The directory, relative to the base directory; "." (the default) is the base directory itself.',
        },
      },
    };
  }

  async execute(args: Record<string, unknown>): Promise<string> {
    const { baseDir, maxBytes } = fsSettings(FsListDirTool.NAME, this.overrides);
    const target = await resolveInside(baseDir, args.path === undefined ? '.' : pathArgument(args.path));
    const shown = JSON.stringify(target.requested);

    const info = await guarded(target, () => stat(target.real));
    if (!info.isDirectory()) throw new Error(`Path ${shown} is not a directory; use fs_read_file to read a file`);

    const entries = await guarded(target, () => readdir(target.real, { withFileTypes: true }));
    if (entries.length === 0) return `Directory ${shown} is empty.`;
    entries.sort((a, b) => compareStrings(a.name, b.name));
    const lines = await Promise.all(entries.map((entry) => describeEntry(target.real, entry)));
    const heading = `Directory ${shown} has ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}:`;
    return [heading, ...fitLines(lines, maxBytes - Buffer.byteLength(heading) - 1)].join('\n');
  }
}

/** The fs tools' shared factory: group "fs", the `baseDir` / `maxBytes` overrides. */
abstract class FsToolFactory implements ToolFactory {
  abstract name(): string;

  /** Builds the tool for one agent's overrides. */
  protected abstract build(overrides: Overrides): Tool;

  group(): string {
    return FS_GROUP;
  }

  overridesSchema(): JsonSchema {
    return fsOverridesSchema();
  }

  create(agentTool: AgentTool): Tool {
    return this.build(agentTool.overrides);
  }
}

/** Builds `fs_read_file` for an agent's `baseDir`. */
export class FsReadFileToolFactory extends FsToolFactory {
  name(): string {
    return FsReadFileTool.NAME;
  }

  protected build(overrides: Overrides): Tool {
    return new FsReadFileTool(overrides);
  }
}

/** Builds `fs_list_dir` for an agent's `baseDir`. */
export class FsListDirToolFactory extends FsToolFactory {
  name(): string {
    return FsListDirTool.NAME;
  }

  protected build(overrides: Overrides): Tool {
    return new FsListDirTool(overrides);
  }
}

function pathArgument(value: unknown): string {
  if (typeof value !== 'string') throw new Error(`"path" must be a string (got ${value === null ? 'null' : typeof value})`);
  return value;
}

/** Runs a file system call on a checked path; its errors name the path as given, not the real one. */
async function guarded<T>(target: SafePath, fsCall: () => Promise<T>): Promise<T> {
  try {
    return await fsCall();
  } catch (error) {
    throw pathError(target.requested, error);
  }
}

/** The first `length` bytes of a file, opened without following a swapped-in symlink. */
async function readStart(realPath: string, length: number): Promise<Buffer> {
  const handle = await open(realPath, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    const buffer = Buffer.alloc(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await handle.read(buffer, filled, length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

async function describeEntry(dir: string, entry: Dirent): Promise<string> {
  if (entry.isSymbolicLink()) return `link  ${entry.name}`;
  if (entry.isDirectory()) return `dir   ${entry.name}/`;
  if (!entry.isFile()) return `other ${entry.name}`;
  const size = await lstat(path.join(dir, entry.name)).then(
    (info) => ` (${info.size} bytes)`,
    // Deleted since readdir: still listed, just without a size.
    () => '',
  );
  return `file  ${entry.name}${size}`;
}

/** Keeps whole lines while the listing stays within `maxBytes`. */
function fitLines(lines: string[], maxBytes: number): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    used += Buffer.byteLength(line) + 1;
    if (used > maxBytes) {
      return [...kept, `[${lines.length - kept.length} more entries not shown (maxBytes setting).]`];
    }
    kept.push(line);
  }
  return kept;
}

