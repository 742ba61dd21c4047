import type { Dirent } from 'node:fs';
import { lstat, opendir, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTool, JsonSchema, OverridesProblem, Tool, ToolEnvironment, ToolFactory } from '../spi';
import { checkBaseDir, FS_ALLOWED_ROOTS_SETTING, parseAllowedRoots, type FsPolicy } from './fs-policy';
import { fsOverridesSchema, fsSettings, type Overrides } from './fs-settings';
import { openChecked, pathError, resolveInside, type SafePath } from './safe-path';
import { compareStrings } from '../text';

const FS_GROUP = 'fs';

/** Reads a text file under the agent's base directory. */
export class FsReadFileTool implements Tool {
  static readonly NAME = 'fs_read_file';

  // Overrides are checked when the tool runs: the registry builds it with none to describe it.
  constructor(
    private readonly overrides: Overrides,
    private readonly policy: FsPolicy,
  ) {}

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
      // Strict-mode compatible (OpenAI structured outputs): no other arguments.
      additionalProperties: false,
    };
  }

  async execute(args: Record<string, unknown>): Promise<string> {
    const { baseDir, maxBytes } = fsSettings(FsReadFileTool.NAME, this.overrides);
    if (args.path === undefined) throw new Error('fs_read_file needs "path": a file relative to the base directory');
    const realBase = allowedBase(FsReadFileTool.NAME, baseDir, this.policy);
    const target = await resolveInside(realBase, pathArgument(args.path));
    const shown = JSON.stringify(target.requested);

    const { handle, info } = await openChecked(target, realBase, 'file');
    let bytes: Buffer;
    try {
      bytes = await guarded(target, () => readStart(handle, Math.min(info.size, maxBytes)));
    } finally {
      await handle.close();
    }
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

  constructor(
    private readonly overrides: Overrides,
    private readonly policy: FsPolicy,
  ) {}

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
    const realBase = allowedBase(FsListDirTool.NAME, baseDir, this.policy);
    const target = await resolveInside(realBase, args.path === undefined ? '.' : pathArgument(args.path));
    const shown = JSON.stringify(target.requested);

    const { handle, viaDescriptor } = await openChecked(target, realBase, 'directory');
    try {
      // Listed through the open descriptor, so the listing is of the directory just checked.
      const { entries, isCapped } = await guarded(target, () => readEntries(viaDescriptor));
      if (entries.length === 0) return `Directory ${shown} is empty.`;
      entries.sort((a, b) => compareStrings(a.name, b.name));
      const count = isCapped ? `more than ${MAX_ENTRIES_READ} entries; the first ${MAX_ENTRIES_READ} read are listed` : `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`;
      const heading = `Directory ${shown} has ${count}:`;
      const lines = await fitEntries(viaDescriptor, entries, maxBytes - Buffer.byteLength(heading) - 1);
      return [heading, ...lines].join('\n');
    } finally {
      await handle.close();
    }
  }
}

/** The fs tools' shared factory: group "fs", the `baseDir` / `maxBytes` overrides, the operator's allowed roots. */
abstract class FsToolFactory implements ToolFactory {
  private policy: FsPolicy = parseAllowedRoots(undefined);

  abstract name(): string;

  /** Builds the tool for one agent's overrides. */
  protected abstract build(overrides: Overrides, policy: FsPolicy): Tool;

  group(): string {
    return FS_GROUP;
  }

  /** Reads the allowed roots (`FS_ALLOWED_ROOTS`, which the host fills with its default). */
  bind(env: ToolEnvironment): void {
    this.policy = parseAllowedRoots(env.getString(FS_ALLOWED_ROOTS_SETTING));
  }

  isAvailable(): boolean {
    return this.policy.ok;
  }

  unavailableReason(): string | undefined {
    return this.policy.ok ? undefined : this.policy.problem;
  }

  overridesSchema(): JsonSchema {
    return fsOverridesSchema(this.policy.ok ? this.policy.roots : []);
  }

  /** `baseDir` must be trimmed, absolute, an existing folder and inside an allowed root, symlinks resolved. */
  checkOverrides(overrides: Readonly<Record<string, unknown>>): OverridesProblem[] {
    if (typeof overrides.baseDir !== 'string') return [];
    const check = checkBaseDir(overrides.baseDir, this.policy);
    return check.ok ? [] : [check.problem];
  }

  create(agentTool: AgentTool): Tool {
    return this.build(agentTool.overrides, this.policy);
  }
}

/** Builds `fs_read_file` for an agent's `baseDir`. */
export class FsReadFileToolFactory extends FsToolFactory {
  name(): string {
    return FsReadFileTool.NAME;
  }

  protected build(overrides: Overrides, policy: FsPolicy): Tool {
    return new FsReadFileTool(overrides, policy);
  }
}

/** Builds `fs_list_dir` for an agent's `baseDir`. */
export class FsListDirToolFactory extends FsToolFactory {
  name(): string {
    return FsListDirTool.NAME;
  }

  protected build(overrides: Overrides, policy: FsPolicy): Tool {
    return new FsListDirTool(overrides, policy);
  }
}

/** The most entries one listing reads; a bigger directory is listed in part, and says so. */
export const MAX_ENTRIES_READ = 100_000;

/** How many shown entries are `lstat`ed at once for their sizes. */
const SIZE_BATCH = 32;

/** The real path of `baseDir`, refused unless the operator's policy allows it right now. */
function allowedBase(toolName: string, baseDir: string, policy: FsPolicy): string {
  const check = checkBaseDir(baseDir, policy);
  if (!check.ok) throw new Error(`${toolName} cannot run with this agent's settings: ${check.problem.message}`);
  return check.realBase;
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

/** The first `length` bytes of an open file. */
async function readStart(handle: FileHandle, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/** Up to {@link MAX_ENTRIES_READ} entries with the types the directory itself records: no `lstat` each. */
async function readEntries(dirPath: string): Promise<{ entries: Dirent[]; isCapped: boolean }> {
  const dir = await opendir(dirPath, { bufferSize: 256 });
  const entries: Dirent[] = [];
  try {
    for (let entry = await dir.read(); entry !== null; entry = await dir.read()) {
      if (entries.length === MAX_ENTRIES_READ) return { entries, isCapped: true };
      entries.push(entry);
    }
  } finally {
    await dir.close();
  }
  return { entries, isCapped: false };
}

/**
 * Keeps whole lines while the listing stays within `maxBytes`, sizing (`lstat`) only the
 * files it shows, a batch at a time, and says how many entries are left out.
 */
async function fitEntries(dirPath: string, entries: Dirent[], maxBytes: number): Promise<string[]> {
  const kept: string[] = [];
  let used = 0;
  for (let start = 0; start < entries.length; start += SIZE_BATCH) {
    const lines = await Promise.all(entries.slice(start, start + SIZE_BATCH).map((entry) => describeEntry(dirPath, entry)));
    for (const line of lines) {
      used += Buffer.byteLength(line) + 1;
      if (used > maxBytes) return [...kept, `[${entries.length - kept.length} more entries not shown (maxBytes setting).]`];
      kept.push(line);
    }
  }
  return kept;
}

async function describeEntry(dirPath: string, entry: Dirent): Promise<string> {
  if (entry.isSymbolicLink()) return `link  ${entry.name}`;
  if (entry.isDirectory()) return `dir   ${entry.name}/`;
  if (!entry.isFile()) return `other ${entry.name}`;
  const size = await lstat(path.join(dirPath, entry.name)).then(
    (info) => ` (${info.size} bytes)`,
    // Deleted since it was listed: still shown, just without a size.
    () => '',
  );
  return `file  ${entry.name}${size}`;
}
