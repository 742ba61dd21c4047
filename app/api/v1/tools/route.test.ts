import { expect, it } from 'vitest';
import { CatalogueSnapshotSchema, CatalogueSummarySchema } from '@/lib/api/catalogue-schemas';
import { apiRequest, describeApi } from '@/test/api/api-harness';
import { GET } from './route';

const url = '/api/v1/tools';
const noParams = { params: Promise.resolve({}) };

const entryKeys = [
  'available',
  'description',
  'group',
  'kind',
  'name',
  'overridesSchema',
  'parametersSchema',
  'source',
  'streamsResultToUser',
];

// Inside describeApi: the registry host keeps todo lists in its database (never ./data), and requests are signed in.
describeApi('GET /api/v1/tools', () => {
  it('answers the catalogue and the diagnostics as JSON', async () => {
    const response = await GET(apiRequest(url), noParams);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as { tools: Record<string, unknown>[]; diagnostics: unknown[] };
    expect(Object.keys(body).sort()).toEqual(['diagnostics', 'tools']);
    expect(body.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['word_count', 'fs_read_file', 'tool_search']));
    for (const tool of body.tools) {
      const keys = Object.keys(tool).filter((key) => key !== 'unavailableReason').sort();
      expect(keys).toEqual(entryKeys);
    }
    expect(Array.isArray(body.diagnostics)).toBe(true);
  });

  it('answers what the OpenAPI document\'s CatalogueSnapshot schema describes', async () => {
    const response = await GET(apiRequest(url), noParams);

    expect(CatalogueSnapshotSchema.safeParse(await response.json()).error).toBeUndefined();
  });

  it('answers 304 without a body when If-None-Match names the current ETag', async () => {
    const first = await GET(apiRequest(url), noParams);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await GET(apiRequest(url, { headers: { 'if-none-match': etag! } }), noParams);
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');

    const stale = await GET(apiRequest(url, { headers: { 'if-none-match': '"stale"' } }), noParams);
    expect(stale.status).toBe(200);
  });

  it('answers the list view without schemas when asked for ?view=summary', async () => {
    const full = (await (await GET(apiRequest(url), noParams)).json()) as { tools: { name: string }[] };
    const response = await GET(apiRequest(`${url}?view=summary`), noParams);
    const body = (await response.json()) as { tools: Record<string, unknown>[] };

    expect(body.tools.map((tool) => tool.name)).toEqual(full.tools.map((tool) => tool.name));
    const fs = body.tools.find((tool) => tool.name === 'fs_read_file');
    expect(fs).toMatchObject({ group: 'fs', hasSettings: true, source: 'builtin' });
    expect(fs).not.toHaveProperty('parametersSchema');
    expect(response.headers.get('etag')).not.toBe(null);
  });

  it('answers what the OpenAPI document\'s CatalogueSummary schema describes with ?view=summary', async () => {
    const response = await GET(apiRequest(`${url}?view=summary`), noParams);

    expect(CatalogueSummarySchema.safeParse(await response.json()).error).toBeUndefined();
  });

  it('refuses an unknown view with a field error on the query', async () => {
    const response = await GET(apiRequest(`${url}?view=everything`), noParams);

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: [{ pointer: '/view' }] });
  });
});
