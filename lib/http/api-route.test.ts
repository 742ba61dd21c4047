import { afterEach, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, describeApi, sessionCookie } from '@/test/api/api-harness';
import { AppError } from '@/lib/app-error';
import { logger } from '@/lib/log/logger';
import { getToolRegistry } from '@/lib/registry-host';
import { apiRoute } from './api-route';
import { ProblemError } from './problem';
import { readJsonValue } from './read-json-body';

afterEach(() => {
  vi.restoreAllMocks();
});

const request = () => apiRequest('/api/v1/agents/a');

function failingRoute(error: unknown) {
  return apiRoute({ permission: 'agents:read' }, async () => {
    throw error;
  });
}

async function call(route: ReturnType<typeof failingRoute>): Promise<{ response: Response; body: Record<string, unknown> }> {
  const response = await route(request(), { params: Promise.resolve({}) });
  return { response, body: (await response.json()) as Record<string, unknown> };
}

describeApi('apiRoute', (database) => {
  it('hands the handler its awaited route parameters, the signed-in actor, the database and the registry', async () => {
    let handed: unknown[] = [];
    const route = apiRoute<{ id: string }>({ permission: 'agents:read' }, async (_request, params, { actor, db, registry }) => {
      handed = [db, registry];
      return Response.json({ id: params.id, actor: actor.id });
    });

    const response = await route(request(), { params: Promise.resolve({ id: 'a' }) });

    await expect(response.json()).resolves.toEqual({ id: 'a', actor: 'user:admin@example.test' });
    expect(handed[0]).toBe(database.db);
    expect(handed[1]).toBe(await getToolRegistry());
  });

  it('answers 401 problem details, without calling the handler, when there is no session or token', async () => {
    const handler = vi.fn(async () => Response.json({}));
    const route = apiRoute({ permission: 'agents:read' }, handler);

    const response = await route(apiRequest('/api/v1/agents/a', { as: 'anonymous' }), { params: Promise.resolve({}) });

    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers 403 to an actor without the route\'s permission and audits the refusal', async () => {
    const handler = vi.fn(async () => Response.json({}));
    const route = apiRoute({ permission: 'agents:write' }, handler);

    const response = await route(apiRequest('/api/v1/agents/a', { as: 'viewer', method: 'DELETE' }), { params: Promise.resolve({}) });

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ status: 403, detail: 'The role "viewer" does not have the permission "agents:write"' });
    expect(handler).not.toHaveBeenCalled();
    const denied = await database.db.selectFrom('audit_events').selectAll().where('action', '=', 'access.denied').execute();
    expect(denied).toEqual([expect.objectContaining({ actor: 'user:viewer@example.test', target: 'api/v1/agents/a' })]);
  });

  it.each([
    ['not_found', 404],
    ['invalid', 400],
    ['unprocessable', 422],
    ['conflict', 409],
    ['precondition_required', 428],
  ] as const)('answers AppError %s with %i problem details naming the cause', async (code, status) => {
    const { response, body } = await call(failingRoute(new AppError(code, 'No agent "a" exists.')));

    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(body).toMatchObject({ type: 'about:blank', status, detail: 'No agent "a" exists.' });
  });

  it('answers a stale write with 412, the current representation and its ETag', async () => {
    const current = { id: 'a', name: 'Ada', version: 5 };
    const { response, body } = await call(failingRoute(new AppError('precondition_failed', 'changed', { current })));

    expect(response.status).toBe(412);
    expect(response.headers.get('etag')).toBe('"5"');
    expect(body.current).toEqual(current);
  });

  it('passes an AppError\'s field errors on', async () => {
    const errors = [{ pointer: '/overrides/baseDir', message: 'is required' }];
    const { body } = await call(failingRoute(new AppError('unprocessable', 'bad overrides', { errors })));

    expect(body.errors).toEqual(errors);
  });

  it('answers a ZodError with 400 and one JSON Pointer per issue', async () => {
    const result = z.object({ name: z.string(), tags: z.array(z.string()) }).safeParse({ tags: ['a', 1] });
    const { response, body } = await call(failingRoute(result.error));

    expect(response.status).toBe(400);
    expect(body.errors).toEqual([
      { pointer: '/name', message: expect.any(String) },
      { pointer: '/tags/1', message: expect.any(String) },
    ]);
  });

  it('points at each unknown key of a strict object', async () => {
    const result = z.strictObject({ name: z.string() }).safeParse({ name: 'a', colour: 'red', 'a/b': 1 });
    const { body } = await call(failingRoute(result.error));

    expect(body.errors).toEqual([
      { pointer: '/colour', message: '"colour" is not a field of this body' },
      { pointer: '/a~1b', message: '"a/b" is not a field of this body' },
    ]);
  });

  it('answers a ProblemError as it is', async () => {
    const { response, body } = await call(failingRoute(new ProblemError(413, 'too large')));

    expect(response.status).toBe(413);
    expect(body).toMatchObject({ title: 'Content Too Large', detail: 'too large' });
  });

  it('logs an unexpected error with the request id and answers 500 without its message', async () => {
    const log = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const route = failingRoute(new Error('password=hunter2'));
    const response = await route(apiRequest('/api/v1/agents/a', { headers: { 'x-request-id': 'req-7' } }), { params: Promise.resolve({}) });
    const body = (await response.json()) as Record<string, unknown>;

    expect(response.status).toBe(500);
    expect(JSON.stringify(body)).not.toContain('hunter2');
    expect(body.requestId).toBe('req-7');
    expect(log).toHaveBeenCalledOnce();
    expect(log.mock.calls[0]?.[0]).toMatchObject({ requestId: 'req-7' });
  });

  it('names the request id in every problem it answers', async () => {
    const route = failingRoute(new AppError('not_found', 'No agent "a" exists.'));
    const response = await route(apiRequest('/api/v1/agents/a', { headers: { 'x-request-id': 'req-8' } }), { params: Promise.resolve({}) });

    await expect(response.json()).resolves.toMatchObject({ status: 404, requestId: 'req-8' });
  });

  it.each([
    ['ECONNRESET', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['aborted', new Error('aborted')],
  ])('answers 400 "ended early", without logging, when the client goes away mid-body (%s)', async (_name, cause) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(cause);
        sent = true;
        controller.enqueue(new TextEncoder().encode('{"name":'));
      },
    });
    const cutOff = new Request('http://test.local/api/v1/agents', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', cookie: sessionCookie() },
      duplex: 'half',
    } as RequestInit);
    const route = apiRoute({ permission: 'agents:write' }, async (incoming) => Response.json(await readJsonValue(incoming)));

    const response = await route(cutOff, { params: Promise.resolve({}) });

    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toBe('The request body ended early.');
    expect(logged).not.toHaveBeenCalled();
  });
});
