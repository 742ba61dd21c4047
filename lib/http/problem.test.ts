import { afterEach, describe, expect, it, vi } from 'vitest';
import { problemResponse, withProblemDetails } from './problem';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('problemResponse', () => {
  it('answers RFC 9457 problem details with their status', async () => {
    const response = problemResponse({ title: 'Not Found', status: 404, detail: 'No tool named "x" is known' });

    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    await expect(response.json()).resolves.toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'No tool named "x" is known',
    });
  });
});

describe('withProblemDetails', () => {
  it('passes a handler\'s own response through', async () => {
    const handler = withProblemDetails(async () => Response.json({ ok: true }));

    await expect((await handler()).json()).resolves.toEqual({ ok: true });
  });

  it('logs an unexpected error and answers a 500 problem without leaking it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler = withProblemDetails(async () => {
      throw new Error('secret database password in message');
    });

    const response = await handler();

    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const body = (await response.json()) as { title: string; detail: string };
    expect(body.title).toBe('Internal Server Error');
    expect(body.detail).not.toContain('secret');
    expect(log).toHaveBeenCalledOnce();
  });
});
