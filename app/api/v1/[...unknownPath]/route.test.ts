import { describe, expect, it } from 'vitest';
import { DELETE, GET, POST } from './route';

describe('an unknown path under /api/v1', () => {
  it.each([
    ['GET', GET],
    ['POST', POST],
    ['DELETE', DELETE],
  ] as const)('answers %s with a problem-details 404 naming the path', async (method, handler) => {
    const response = handler(new Request('http://localhost/api/v1/agentz/x', { method }));

    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 404, detail: expect.stringContaining('/api/v1/agentz/x') });
  });
});
