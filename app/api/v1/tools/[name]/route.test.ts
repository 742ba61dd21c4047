import { expect, it } from 'vitest';
import { CatalogueEntrySchema } from '@/lib/api/catalogue-schemas';
import { apiRequest, describeApi } from '@/test/api/api-harness';
import { GET } from './route';

function get(name: string): Promise<Response> {
  return GET(apiRequest(`/api/v1/tools/${encodeURIComponent(name)}`), { params: Promise.resolve({ name }) });
}

// Inside describeApi: the registry host keeps todo lists in its database (never ./data), and requests are signed in.
describeApi('GET /api/v1/tools/{name}', () => {
  it('answers one tool with the overrides schema its form is generated from', async () => {
    const response = await get('fs_read_file');

    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(CatalogueEntrySchema.safeParse(body).error).toBeUndefined();
    expect(body).toMatchObject({ name: 'fs_read_file', group: 'fs', available: true });
    expect(body.overridesSchema).toMatchObject({ required: ['baseDir'] });
  });

  it('answers a problem 404 naming a tool the catalogue does not have', async () => {
    const response = await get('no_such_tool');

    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 404, detail: expect.stringContaining('"no_such_tool"') });
  });
});
