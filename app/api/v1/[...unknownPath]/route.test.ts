import { expect, it } from 'vitest';
import { apiRequest, callRoute, describeApi } from '@/test/api/api-harness';
import { DELETE, GET, POST } from './route';

describeApi('an unknown path under /api/v1', () => {
  it.each([
    ['GET', GET],
    ['POST', POST],
    ['DELETE', DELETE],
  ] as const)('answers %s with a problem-details 404 naming the path', async (method, handler) => {
    const response = await callRoute(handler, apiRequest('/api/v1/agentz/x', { method }), { unknownPath: ['agentz', 'x'] });

    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 404, detail: expect.stringContaining('/api/v1/agentz/x') });
  });

  it('answers 401, not 404, without credentials, so it tells an outsider nothing', async () => {
    const response = await callRoute(GET, apiRequest('/api/v1/agentz/x', { as: 'anonymous' }), { unknownPath: ['agentz', 'x'] });

    expect(response.status).toBe(401);
  });
});
