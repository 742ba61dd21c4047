import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { REFUSES_METHOD } from '@/lib/http/method-not-allowed';
import { buildOpenApiDocument } from './openapi';
import { apiOperations } from './routes';

const apiRoot = path.resolve('app/api/v1');
const UNKNOWN_PATH_FALLBACK = '[...unknownPath]';
const httpMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

interface Operation {
  responses?: Record<string, unknown>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; headers: Record<string, unknown> };
}

/** Every route file under app/api/v1 as its OpenAPI path and the HTTP methods the module exports. */
async function routesOnDisk(): Promise<{ path: string; methods: string[] }[]> {
  const entries = await readdir(apiRoot, { recursive: true, withFileTypes: true });
  // The catch-all that answers unknown paths with a 404 problem is not an operation.
  const routeFiles = entries.filter(
    (entry) => entry.isFile() && entry.name === 'route.ts' && !entry.parentPath.endsWith(`${path.sep}${UNKNOWN_PATH_FALLBACK}`),
  );
  return Promise.all(
    routeFiles.map(async (entry) => {
      const directory = path.relative(apiRoot, entry.parentPath).split(path.sep).filter(Boolean);
      const segments = directory.map((segment) => {
        if (segment.startsWith('[...') || segment.startsWith('[[')) throw new Error(`catch-all segments are not described: ${segment}`);
        return segment.replace(/^\[(.+)\]$/, '{$1}');
      });
      const routeModule = (await import(path.join(entry.parentPath, entry.name))) as Record<string, unknown>;
      return {
        path: ['/api/v1', ...segments].join('/'),
        // A method the route only refuses (405) is not an operation.
        methods: httpMethods.filter((method) => typeof routeModule[method] === 'function' && !(routeModule[method] as { [REFUSES_METHOD]?: true })[REFUSES_METHOD]),
      };
    }),
  );
}

function collectRefs(value: unknown, refs: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => collectRefs(item, refs));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') refs.push(inner);
      else collectRefs(inner, refs);
    }
  }
  return refs;
}

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument() as unknown as Document;

  it('describes every method of every route file under app/api/v1', async () => {
    const routes = await routesOnDisk();
    expect(routes.length).toBeGreaterThan(0);
    const missing = routes.flatMap((route) =>
      route.methods.filter((method) => !document.paths[route.path]?.[method.toLowerCase()]).map((method) => `${method} ${route.path}`),
    );
    expect(missing).toEqual([]);
  });

  it('describes no operation that no route file exports', async () => {
    const exported = new Set((await routesOnDisk()).flatMap((route) => route.methods.map((method) => `${method} ${route.path}`)));
    const phantom = apiOperations.map((operation) => `${operation.method} ${operation.path}`).filter((key) => !exported.has(key));
    expect(phantom).toEqual([]);
  });

  it('is OpenAPI 3.1 and every operation has an id and responses, problems as problem+json', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBe(apiOperations.length);
    for (const operation of operations) {
      expect(operation).toMatchObject({ operationId: expect.any(String), responses: expect.any(Object) });
      expect(Object.keys(operation.responses ?? {})).toContain('500');
      expect(operation.responses?.['500']).toMatchObject({ content: { 'application/problem+json': expect.any(Object) } });
    }
    const ids = operations.map((operation) => (operation as { operationId: string }).operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('resolves every $ref inside the document', () => {
    for (const ref of collectRefs(document)) {
      const [kind, name] = ref.replace('#/components/', '').split('/');
      expect(ref.startsWith('#/components/'), ref).toBe(true);
      expect(document.components[kind as 'schemas' | 'headers']?.[name ?? ''], ref).toBeDefined();
    }
  });

  it('documents the If-Match rules and ETags of editable resources', () => {
    const putTool = document.paths['/api/v1/agents/{id}/tools/{toolName}']?.put as Record<string, unknown>;
    expect(putTool.parameters).toContainEqual(expect.objectContaining({ name: 'If-Match', in: 'header', required: false }));
    expect(Object.keys(putTool.responses as object)).toEqual(expect.arrayContaining(['200', '201', '412', '422', '428', '413', '415']));
    const patchAgent = document.paths['/api/v1/agents/{id}']?.patch as Record<string, unknown>;
    expect(patchAgent.parameters).toContainEqual(expect.objectContaining({ name: 'If-Match', required: true }));
    expect(document.paths['/api/v1/agents/{id}']?.get?.responses?.['200']).toMatchObject({ headers: { ETag: expect.any(Object) } });
  });

  it('describes request bodies by the schemas that validate them', () => {
    const schemas = document.components.schemas as Record<string, { required?: string[]; additionalProperties?: unknown }>;
    expect(schemas.PutAssignmentBody).toMatchObject({ required: ['overrides'], additionalProperties: false });
    expect(schemas.CreateAgentBody?.required).toEqual(['name']);
    const audit = document.paths['/api/v1/audit']?.get as { parameters: { name: string; required: boolean; schema: unknown }[] };
    expect(audit.parameters.find((parameter) => parameter.name === 'limit')).toMatchObject({ required: false, schema: { type: 'string', pattern: '^\\d+$' } });
  });

  it('says that an agent update needs at least one field, as the API does', () => {
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(document.components.schemas.UpdateAgentBody as object);

    expect(validate({})).toBe(false);
    expect(validate({ name: 'Renamed' })).toBe(true);
  });

  it('says per operation what 400 and 422 mean: overrides failing their schema are a 400, an unknown tool a 422', () => {
    const responses = document.paths['/api/v1/agents/{id}/tools/{toolName}']?.put?.responses as Record<string, { description: string }>;

    expect(responses['400']?.description).toMatch(/overrides fail the tool's overrides schema/);
    expect(responses['422']?.description).toMatch(/No tool of this name is known/);
    expect(responses['422']?.description).not.toMatch(/overrides/);
  });

  it('gives the OpenAPI document itself a schema, which the document passes', () => {
    const ok = document.paths['/api/v1/openapi.json']?.get?.responses?.['200'] as { content?: Record<string, { schema: unknown }> };
    expect(ok.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/OpenApiDocument' });
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);

    expect(ajv.validate(document.components.schemas.OpenApiDocument as object, document)).toBe(true);
  });
});
