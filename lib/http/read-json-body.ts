import 'server-only';
import type { z } from 'zod';
import { MAX_JSON_DEPTH, findForbiddenKey, jsonNestingDepth } from './json-guards';
import { MAX_BODY_BYTES, maxBodyBytesOf } from './door-constants.mjs';
import { ProblemError } from './problem';

/** The largest request body accepted, in bytes (1 MiB): the same as the front door's. */
export { MAX_BODY_BYTES };

/**
 * Reads a JSON request body and validates it with `schema`. Refuses, before the schema sees
 * anything: a non-JSON content type (415), a body over {@link MAX_BODY_BYTES} (413), malformed
 * JSON, invalid UTF-8 or a body cut off by the client (400), nesting deeper than {@link MAX_JSON_DEPTH} (400), and the keys
 * `__proto__`, `constructor` and `prototype` at any depth (400). Schema failures throw the
 * `ZodError`, which the route wrapper answers as 400 with field errors. The size limit is the
 * front door's for the request's path (`maxBodyBytesOf`): the config plan and apply routes take
 * twice `CONFIG_MAX_BYTES` (a configuration file as a JSON string), every other route 1 MiB.
 */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  return schema.parse(await readJsonValue(request));
}

/** Reads and guards a JSON request body without validating its shape; see {@link readJsonBody}. */
export async function readJsonValue(request: Request): Promise<unknown> {
  assertJsonContentType(request.headers.get('content-type'));
  return jsonValueOf(await readLimitedBytes(request, maxBodyBytesOf(new URL(request.url).pathname, process.env)));
}

/** The largest form body accepted (the OAuth token endpoint's): a few parameters, each short. */
export const MAX_FORM_BYTES = 16 * 1024;

/**
 * Reads an `application/x-www-form-urlencoded` body (OAuth's token endpoint): 415 for another
 * content type, 413 over {@link MAX_FORM_BYTES}, 400 for invalid UTF-8 or a body cut off.
 */
export async function readFormBody(request: Request): Promise<URLSearchParams> {
  const mediaType = request.headers.get('content-type')?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (mediaType !== 'application/x-www-form-urlencoded') {
    throw new ProblemError(415, 'The request body must be application/x-www-form-urlencoded.');
  }
  return new URLSearchParams(decodeUtf8(await readLimitedBytes(request, MAX_FORM_BYTES)));
}

function jsonValueOf(bytes: Uint8Array): unknown {
  const text = decodeUtf8(bytes);
  if (text.trim() === '') throw new ProblemError(400, 'The request body is empty; a JSON document was expected.');
  if (jsonNestingDepth(text) > MAX_JSON_DEPTH) {
    throw new ProblemError(400, `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  const value = parseJson(text);
  const forbidden = findForbiddenKey(value);
  if (forbidden !== undefined) {
    const message = 'The keys "__proto__", "constructor" and "prototype" are not accepted.';
    throw new ProblemError(400, `The JSON body contains a forbidden key at ${forbidden}.`, {
      errors: [{ pointer: forbidden, message }],
    });
  }
  return value;
}

function assertJsonContentType(header: string | null): void {
  const mediaType = header?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (mediaType === 'application/json' || /^application\/[\w.+-]+\+json$/.test(mediaType)) return;
  const given = header === null ? 'none' : `"${header}"`;
  throw new ProblemError(415, `The request body must be application/json (content type given: ${given}).`);
}

async function readLimitedBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  // Refuse early when the client says it will send too much; the count below catches liars.
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let chunk = await readChunk(reader); !chunk.done; chunk = await readChunk(reader)) {
    total += chunk.value.byteLength;
    if (total > maxBytes) {
      // The answer is 413 whether or not the stream cancels cleanly.
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk.value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The next chunk of the body. The stream fails when the client goes away mid-body (ECONNRESET,
 * "aborted"): that is the client's doing, answered 400 and not logged as a server error.
 */
async function readChunk(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<ReadableStreamReadResult<Uint8Array>> {
  try {
    return await reader.read();
  } catch {
    throw endedEarly();
  }
}

function endedEarly(): ProblemError {
  return new ProblemError(400, 'The request body ended early.');
}

function tooLarge(maxBytes: number): ProblemError {
  return new ProblemError(413, `The request body is larger than ${maxBytes} bytes.`);
}

// Reused: a fatal decoder keeps no state between whole (non-streaming) decodes.
const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ProblemError(400, 'The request body is not valid UTF-8.');
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    // V8's message quotes the text around the error, which may be a secret's value: say where, never what.
    const position = /at position (\d+)/.exec((error as Error).message)?.[1];
    throw new ProblemError(400, `The request body is not valid JSON${position === undefined ? '' : ` (at position ${position})`}.`);
  }
}
