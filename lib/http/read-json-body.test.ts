import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_CONFIG_MAX_BYTES } from './door-constants.mjs';
import { MAX_BODY_BYTES, readJsonBody, readJsonValue } from './read-json-body';
import { ProblemError } from './problem';

function jsonRequest(body: BodyInit, headers: Record<string, string> = {}, path = '/api/v1/agents'): Request {
  return new Request(`http://test.local${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
    duplex: 'half',
  } as RequestInit);
}

/** A body that arrives in chunks with no Content-Length, as a chunked upload does. */
function streamedBody(totalBytes: number, chunkBytes = 64 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const size = Math.min(chunkBytes, totalBytes - sent);
      controller.enqueue(new TextEncoder().encode(' '.repeat(size)));
      sent += size;
    },
  });
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; detail?: string; errors?: unknown }> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProblemError);
  return (error as ProblemError).problem;
}

function nested(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

describe('readJsonValue', () => {
  it('answers the parsed JSON of a well-formed body', async () => {
    await expect(readJsonValue(jsonRequest('{"name":"Ada","tags":["a"]}'))).resolves.toEqual({ name: 'Ada', tags: ['a'] });
  });

  it('accepts application/json with a charset and +json media types', async () => {
    await expect(readJsonValue(jsonRequest('{}', { 'content-type': 'application/json; charset=utf-8' }))).resolves.toEqual({});
    await expect(readJsonValue(jsonRequest('{}', { 'content-type': 'application/merge-patch+json' }))).resolves.toEqual({});
  });

  it('refuses a body that is not JSON by content type with 415', async () => {
    expect((await refusal(readJsonValue(jsonRequest('{}', { 'content-type': 'text/plain' })))).status).toBe(415);
    const withoutType = new Request('http://test.local/api', { method: 'POST', body: new Blob(['{}']) });
    expect((await refusal(readJsonValue(withoutType))).status).toBe(415);
  });

  it('refuses early with 413 when Content-Length says the body is over 1 MiB', async () => {
    const request = jsonRequest('{}', { 'content-length': String(MAX_BODY_BYTES + 1) });
    expect((await refusal(readJsonValue(request))).status).toBe(413);
  });

  it('refuses with 413 a streamed body over 1 MiB whose length was not declared', async () => {
    const problem = await refusal(readJsonValue(jsonRequest(streamedBody(MAX_BODY_BYTES + 1))));
    expect(problem.status).toBe(413);
  });

  it('accepts a body of exactly 1 MiB', async () => {
    const text = `"${'x'.repeat(MAX_BODY_BYTES - 2)}"`;
    await expect(readJsonValue(jsonRequest(text))).resolves.toHaveLength(MAX_BODY_BYTES - 2);
  });

  it('accepts a body over 1 MiB at the config plan and apply paths, up to twice CONFIG_MAX_BYTES, and refuses one past it naming that limit', async () => {
    const MAX_CONFIG_BODY_BYTES = 2 * DEFAULT_CONFIG_MAX_BYTES;
    const text = `"${'x'.repeat(MAX_CONFIG_BODY_BYTES - 2)}"`;
    for (const path of ['/api/v1/config/plan', '/api/v1/config/apply']) {
      await expect(readJsonValue(jsonRequest(text, {}, path))).resolves.toHaveLength(MAX_CONFIG_BODY_BYTES - 2);
    }
    expect((await refusal(readJsonValue(jsonRequest(text, {}, '/api/v1/config')))).status).toBe(413);
    expect((await refusal(readJsonValue(jsonRequest(text)))).status).toBe(413);

    const plan = '/api/v1/config/plan';
    const declared = await refusal(readJsonValue(jsonRequest('{}', { 'content-length': String(MAX_CONFIG_BODY_BYTES + 1) }, plan)));
    expect(declared).toMatchObject({ status: 413, detail: `The request body is larger than ${MAX_CONFIG_BODY_BYTES} bytes.` });
    const streamed = await refusal(readJsonValue(jsonRequest(streamedBody(MAX_CONFIG_BODY_BYTES + 1, 1024 * 1024), {}, plan)));
    expect(streamed).toMatchObject({ status: 413, detail: `The request body is larger than ${MAX_CONFIG_BODY_BYTES} bytes.` });
  });

  it('refuses malformed JSON, an empty body and invalid UTF-8 with 400', async () => {
    expect((await refusal(readJsonValue(jsonRequest('{"name": ')))).status).toBe(400);
    expect((await refusal(readJsonValue(jsonRequest('')))).status).toBe(400);
    expect((await refusal(readJsonValue(jsonRequest(new Uint8Array([0x22, 0xff, 0x22]))))).status).toBe(400);
  });

  it('accepts nesting of 32 levels and refuses 33 with 400', async () => {
    await expect(readJsonValue(jsonRequest(nested(32)))).resolves.toBeDefined();
    const problem = await refusal(readJsonValue(jsonRequest(nested(33))));
    expect(problem.status).toBe(400);
    expect(problem.detail).toContain('32');
  });

  it('refuses very deep nesting without parsing it', async () => {
    const problem = await refusal(readJsonValue(jsonRequest(nested(400_000))));
    expect(problem.status).toBe(400);
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuses the key %s at any depth with 400 and its pointer', async (key) => {
    const body = `{"overrides":{"list":[{"${key}":{"polluted":true}}]}}`;
    const problem = await refusal(readJsonValue(jsonRequest(body)));
    expect(problem.status).toBe(400);
    expect(problem.errors).toEqual([{ pointer: `/overrides/list/0/${key}`, message: expect.any(String) }]);
  });

  it('leaves Object.prototype untouched by a __proto__ body', async () => {
    const body = '{"__proto__":{"polluted":"yes"},"a":{"__proto__":{"polluted":"yes"}}}';
    expect((await refusal(readJsonValue(jsonRequest(body)))).status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

describe('readJsonBody', () => {
  it('answers the schema\'s output for a valid body', async () => {
    const schema = z.object({ name: z.string().trim() });
    await expect(readJsonBody(jsonRequest('{"name":"  Ada "}'), schema)).resolves.toEqual({ name: 'Ada' });
  });

  it('throws the ZodError when the body has the wrong shape', async () => {
    const schema = z.object({ name: z.string() });
    await expect(readJsonBody(jsonRequest('{"name":1}'), schema)).rejects.toBeInstanceOf(z.ZodError);
  });
});
