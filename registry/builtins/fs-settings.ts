import type { AgentTool, JsonSchema } from '../spi';

/** An agent's overrides for one tool binding. */
export type Overrides = AgentTool['overrides'];

/** What `maxBytes` is when an agent does not set it. */
export const DEFAULT_MAX_BYTES = 65_536;

/** The most one call may return: an LLM context holds far less, and each read is held in memory. */
export const MAX_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The per-agent settings both fs tools share. The base directory's description names the
 * operator's allowed roots, so the settings form shows them beside the field.
 */
export function fsOverridesSchema(allowedRoots: readonly string[]): JsonSchema {
  const where =
    allowedRoots.length === 0
      ? 'No folder is allowed yet: the operator sets the allowed folders in FS_ALLOWED_ROOTS.'
      : `It must be an absolute path inside ${allowedRoots.length === 1 ? 'the allowed folder' : 'one of the allowed folders'}: ${allowedRoots.join(', ')}.`;
  return {
    type: 'object',
    properties: {
      baseDir: {
        type: 'string',
        title: 'Base directory',
        description: `The directory the agent may read. ${where} Paths are relative to it and can never leave it, symlinks included.`,
        minLength: 1,
      },
      maxBytes: {
        type: 'integer',
        title: 'Maximum bytes',
        default: DEFAULT_MAX_BYTES,
        minimum: 1,
        maximum: MAX_MAX_BYTES,
        description: 'The most bytes returned from one file or one directory listing; the rest is cut off.',
      },
    },
    required: ['baseDir'],
  };
}

/** The checked settings; the server validates overrides too, but a tool trusts no one. */
export function fsSettings(toolName: string, overrides: Overrides): { baseDir: string; maxBytes: number } {
  const baseDir = overrides.baseDir;
  if (typeof baseDir !== 'string' || baseDir.trim() === '') {
    throw new Error(
      `${toolName} is not configured: set the "baseDir" setting (the directory it may read) in this agent's tool overrides`,
    );
  }
  const maxBytes = overrides.maxBytes ?? DEFAULT_MAX_BYTES;
  if (typeof maxBytes !== 'number' || !Number.isInteger(maxBytes) || maxBytes < 1 || maxBytes > MAX_MAX_BYTES) {
    throw new Error(
      `${toolName} is misconfigured: the "maxBytes" setting must be a whole number from 1 to ${MAX_MAX_BYTES} (got ${String(maxBytes)})`,
    );
  }
  return { baseDir, maxBytes };
}
