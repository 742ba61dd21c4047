import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueSnapshotSchema } from '@/lib/api/catalogue-schemas';
import { useTempDatabase, type TempDatabase } from '@/lib/api/testing';
import { GET } from './route';

// The registry host keeps todo lists in the database: point it at a temp file, never ./data.
let temp: TempDatabase;
beforeAll(async () => {
  temp = await useTempDatabase();
});
afterAll(async () => {
  await temp.close();
});

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

describe('GET /api/v1/tools', () => {
  it('answers the catalogue and the diagnostics as JSON', async () => {
    const response = await GET();

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
    const response = await GET();

    expect(CatalogueSnapshotSchema.safeParse(await response.json()).error).toBeUndefined();
  });

});
