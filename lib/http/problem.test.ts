import { describe, expect, it } from 'vitest';
import { problemResponse } from './problem';

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
