import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { apiRequest, describeApi } from '@/test/api/api-harness';
import { REFUSES_METHOD } from '@/lib/http/method-not-allowed';

const apiRoot = path.resolve('app/api');
const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

type Handler = ((request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>) & { [REFUSES_METHOD]?: true };

/** Every route file under app/api, with its exported handlers. */
async function routeFiles(): Promise<{ file: string; module: Record<string, unknown> }[]> {
  const entries = await readdir(apiRoot, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && entry.name === 'route.ts').map((entry) => path.join(entry.parentPath, entry.name));
  return Promise.all(files.map(async (file) => ({ file: path.relative(apiRoot, file), module: (await import(file)) as Record<string, unknown> })));
}

describeApi('methods a route does not serve', () => {
  it('finds the route files', async () => {
    const files = (await routeFiles()).map(({ file }) => file);
    expect(files).toEqual(expect.arrayContaining(['health/route.ts', 'metrics/route.ts', 'v1/agents/route.ts', 'auth/sign-in/route.ts']));
  });

  it('are answered by every route file itself, never by Next\'s empty 405', async () => {
    const unanswered = (await routeFiles()).flatMap(({ file, module }) =>
      methods.filter((method) => typeof module[method] !== 'function').map((method) => `${method} ${file}`),
    );
    expect(unanswered).toEqual([]);
  });

  it('get 405 problem details with an Allow header naming exactly the methods served', async () => {
    let checked = 0;
    for (const { file, module } of await routeFiles()) {
      const served = methods.filter((method) => !(module[method] as Handler)[REFUSES_METHOD]);
      const allow = [...served, ...(served.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
      for (const method of methods.filter((m) => !served.includes(m))) {
        const request = apiRequest('/api/x', { method, headers: { 'x-request-id': 'r-405' } });
        const response = await (module[method] as Handler)(request, { params: Promise.resolve({}) });

        expect(response.status, `${method} ${file}`).toBe(405);
        expect(response.headers.get('allow'), `${method} ${file}`).toBe(allow);
        expect(response.headers.get('content-type')).toBe('application/problem+json');
        expect(await response.json()).toMatchObject({ status: 405, title: 'Method Not Allowed', requestId: 'r-405' });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });
});
