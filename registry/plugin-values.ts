import type { JsonSchema, OverridesProblem, Tool } from './spi';
import type { ToolMetadata } from './catalogue';
import { describeValue } from './text';

/** The most names one provider may serve; more is taken for a runaway `toolNames()`. */
export const MAX_PROVIDER_NAMES = 100_000;

/** Whether a plugin answered with a promise where the SPI wants a plain value. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * Refuses a promise where the SPI wants a value. The promise is still given a handler, so
 * its rejection cannot become an unhandled rejection that ends the server process.
 */
export function requireSync<T>(value: T, what: string): T {
  if (isThenable(value)) {
    value.then(undefined, () => undefined);
    throw new Error(`${what} returned a Promise; it must answer synchronously`);
  }
  return value;
}

/** A schema as plain JSON: copied, so a cyclic or non-JSON value fails here, not in the API. */
export function toJsonSchema(value: unknown, what: string): JsonSchema {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${what} must return a JSON Schema object (got ${describeValue(value)})`);
  }
  let copy: unknown;
  try {
    copy = JSON.parse(JSON.stringify(value));
  } catch (error) {
    throw new Error(`${what} is not plain JSON: ${(error as Error).message}`);
  }
  return copy as JsonSchema;
}

/** What the catalogue shows of a tool, read through the tool's own methods. */
export function describeTool(tool: Tool): ToolMetadata {
  const description = requireSync(tool.description(), 'description()');
  if (typeof description !== 'string') {
    throw new Error(`description() must return a string (got ${describeValue(description)})`);
  }
  const streams: unknown = (tool as { streamsResultToUser?: unknown }).streamsResultToUser;
  return {
    description,
    parametersSchema: toJsonSchema(requireSync(tool.parametersSchema(), 'parametersSchema()'), 'parametersSchema()'),
    // A plain JavaScript plugin may well write a boolean property instead of a method.
    streamsResultToUser: typeof streams === 'function' ? streams.call(tool) === true : streams === true,
  };
}

/** Checks that `create()` answered with a Tool. */
export function checkTool(value: unknown, toolName: string): Tool {
  const tool = requireSync(value, `create("${toolName}")`);
  const candidate = tool as Partial<Record<keyof Tool, unknown>> | null;
  const missing = (['name', 'description', 'parametersSchema', 'execute'] as const).filter(
    (member) => typeof candidate?.[member] !== 'function',
  );
  if (missing.length > 0) {
    throw new Error(`create("${toolName}") returned something that is not a Tool (no ${missing.join(', ')})`);
  }
  return tool as Tool;
}

/** The names a provider's `toolNames()` returned, checked; `skipped` counts unusable items. */
export function namesFrom(value: unknown): { names: Set<string>; skipped: number; isTruncated: boolean } {
  requireSync(value, 'toolNames()');
  if (typeof value === 'string' || value == null || typeof (value as Iterable<unknown>)[Symbol.iterator] !== 'function') {
    throw new Error(`toolNames() must return a set of strings (got ${describeValue(value)})`);
  }
  const names = new Set<string>();
  let skipped = 0;
  for (const name of value as Iterable<unknown>) {
    if (names.size >= MAX_PROVIDER_NAMES) return { names, skipped, isTruncated: true };
    if (typeof name === 'string' && name !== '') names.add(name);
    else skipped += 1;
  }
  return { names, skipped, isTruncated: false };
}

/** The most problems one `checkOverrides` call reports; the rest are summed up in one. */
export const MAX_OVERRIDES_PROBLEMS = 100;

/** The longest problem message kept; a longer one is cut. */
const MAX_PROBLEM_MESSAGE = 1000;

/** Checks what `checkOverrides` answered: an array of `{ pointer, message }`, capped. */
export function problemsFrom(value: unknown, what: string): OverridesProblem[] {
  requireSync(value, what);
  if (!Array.isArray(value)) throw new Error(`${what} must return an array of { pointer, message } (got ${describeValue(value)})`);
  const problems: OverridesProblem[] = [];
  for (const [index, item] of (value as unknown[]).entries()) {
    const { pointer, message } = (item ?? {}) as { pointer?: unknown; message?: unknown };
    if (typeof pointer !== 'string' || (pointer !== '' && !pointer.startsWith('/')) || typeof message !== 'string' || message.trim() === '') {
      throw new Error(`${what} returned an item that is not { pointer: "/..." or "", message: "..." } at index ${index}`);
    }
    if (problems.length === MAX_OVERRIDES_PROBLEMS) {
      problems.push({ pointer: '', message: `and ${value.length - index} more problems` });
      break;
    }
    problems.push({ pointer, message: message.length > MAX_PROBLEM_MESSAGE ? `${message.slice(0, MAX_PROBLEM_MESSAGE)}…` : message });
  }
  return problems;
}
