import type { JsonSchema, OverridesProblem, Tool, ToolAnnotations } from './spi';
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

/** The longest description a tool may give, in UTF-8 bytes (16 KiB); the rest is cut off. */
export const MAX_DESCRIPTION_BYTES = 16 * 1024;

/** The largest schema a plugin may give, as UTF-8 JSON (256 KiB); a larger one is refused. */
export const MAX_SCHEMA_BYTES = 256 * 1024;

const utf8 = new TextEncoder();

/**
 * A schema as plain JSON: copied, so a cyclic or non-JSON value fails here, not in the API;
 * one larger than {@link MAX_SCHEMA_BYTES} is refused, since a cut schema means nothing.
 */
export function toJsonSchema(value: unknown, what: string): JsonSchema {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${what} must return a JSON Schema object (got ${describeValue(value)})`);
  }
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new Error(`${what} is not plain JSON: ${(error as Error).message}`);
  }
  // Most schemas are far below the cap in characters already; count bytes only near it.
  const bytes = text.length * 3 <= MAX_SCHEMA_BYTES ? text.length : utf8.encode(text).byteLength;
  if (bytes > MAX_SCHEMA_BYTES) {
    throw new Error(`${what} returned ${bytes} bytes of JSON; the most accepted is ${MAX_SCHEMA_BYTES} (256 KiB)`);
  }
  return JSON.parse(text) as JsonSchema;
}

/** `text` cut to at most `maxBytes` of UTF-8 (never mid-character), and whether it was cut. */
export function capText(text: string, maxBytes: number): { text: string; isCut: boolean; bytes: number } {
  if (text.length * 3 <= maxBytes) return { text, isCut: false, bytes: text.length };
  const bytes = utf8.encode(text).byteLength;
  if (bytes <= maxBytes) return { text, isCut: false, bytes };
  const marker = ' […]';
  const room = maxBytes - utf8.encode(marker).byteLength;
  let cut = text.slice(0, room);
  while (utf8.encode(cut).byteLength > room) cut = cut.slice(0, Math.floor(cut.length * 0.9));
  // Do not leave half of a surrogate pair at the end.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return { text: cut + marker, isCut: true, bytes };
}

/**
 * What the catalogue shows of a tool, read through the tool's own methods, with its
 * description cut to {@link MAX_DESCRIPTION_BYTES}; `descriptionBytes` is set when it was cut.
 */
export function describeTool(tool: Tool): ToolMetadata & { descriptionBytes?: number } {
  const description = requireSync(tool.description(), 'description()');
  if (typeof description !== 'string') {
    throw new Error(`description() must return a string (got ${describeValue(description)})`);
  }
  const capped = capText(description, MAX_DESCRIPTION_BYTES);
  const streams: unknown = (tool as { streamsResultToUser?: unknown }).streamsResultToUser;
  return {
    ...(capped.isCut ? { descriptionBytes: capped.bytes } : {}),
    description: capped.text,
    parametersSchema: toJsonSchema(requireSync(tool.parametersSchema(), 'parametersSchema()'), 'parametersSchema()'),
    // A plain JavaScript plugin may well write a boolean property instead of a method.
    streamsResultToUser: typeof streams === 'function' ? streams.call(tool) === true : streams === true,
    ...annotationsOf(tool),
  };
}

/** The tool's behaviour hints, keeping only the known ones of the right type. */
function annotationsOf(tool: Tool): { annotations?: ToolAnnotations } {
  const read = (tool as { annotations?: unknown }).annotations;
  if (typeof read !== 'function') return {};
  const value: unknown = requireSync(read.call(tool), 'annotations()');
  if (typeof value !== 'object' || value === null) return {};
  const source = value as Record<string, unknown>;
  const annotations: { -readonly [K in keyof ToolAnnotations]: ToolAnnotations[K] } = {};
  if (typeof source.title === 'string') annotations.title = source.title.slice(0, 200);
  for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
    if (typeof source[hint] === 'boolean') annotations[hint] = source[hint];
  }
  return Object.keys(annotations).length > 0 ? { annotations } : {};
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
