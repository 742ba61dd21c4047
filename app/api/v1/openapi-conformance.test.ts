import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { beforeAll, expect, it } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { getOpenApiDocument } from '@/lib/api/openapi';
import { apiRequest, callRoute, describeApi } from '@/test/api/api-harness';
import { createAgent } from '@/lib/agents';
import { DELETE as deleteAgent, GET as getAgent, PATCH } from './agents/[id]/route';
import { GET as listTools } from './agents/[id]/tools/route';
import { DELETE as deleteTool, GET as getTool, PUT } from './agents/[id]/tools/[toolName]/route';
import { GET as listAgents, POST } from './agents/route';
import { GET as listAudit } from './audit/route';
import { GET as getDocument } from './openapi.json/route';
import { GET as effectiveTools } from './agents/[id]/effective-tools/route';
import { POST as invoke } from './agents/[id]/tools/[toolName]/invoke/route';
import { tempFilesRoot } from '@/test/files/files-root';

const files = tempFilesRoot();

const DOCUMENT_ID = 'https://tools-admin.local/api/v1/openapi.json';
const noParams = { params: Promise.resolve({}) };

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

function pointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * Checks a real answer against what the OpenAPI document says the operation answers with that
 * status: the status must be listed, and the body must pass the schema of its content type.
 */
async function expectConforms(response: Response, method: string, path: string, status?: number): Promise<void> {
  const document = getOpenApiDocument() as { paths: Record<string, Record<string, Operation>> };
  const operation = document.paths[path]?.[method.toLowerCase()];
  const label = `${method} ${path} ${response.status}`;
  if (status !== undefined) expect(response.status, label).toBe(status);
  expect(operation, label).toBeDefined();
  const described = operation?.responses[String(response.status)];
  expect(described, `${label} is not in the document`).toBeDefined();
  if (response.status === 204) {
    expect(described?.content, label).toBeUndefined();
    return;
  }
  const contentType = response.headers.get('content-type')?.split(';')[0] ?? '';
  expect(Object.keys(described?.content ?? {}), label).toContain(contentType);
  const schemaPointer = ['paths', path, method.toLowerCase(), 'responses', String(response.status), 'content', contentType, 'schema']
    .map(pointerToken)
    .join('/');
  const validate = ajv().getSchema(`${DOCUMENT_ID}#/${schemaPointer}`);
  expect(validate, label).toBeDefined();
  const body: unknown = await response.json();
  expect(validate?.(body), `${label}: ${JSON.stringify(validate?.errors)}`).toBe(true);
}

let cachedAjv: Ajv2020 | undefined;
function ajv(): Ajv2020 {
  if (cachedAjv) return cachedAjv;
  // The document is added whole under one id, so its `#/components/schemas/…` refs resolve as a client's would.
  cachedAjv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(cachedAjv);
  cachedAjv.addSchema({ ...getOpenApiDocument(), $id: DOCUMENT_ID });
  return cachedAjv;
}

it('the check refuses a body or a status the document does not describe', async () => {
  await expect(expectConforms(Response.json({ agents: [{ id: 1 }] }), 'GET', '/api/v1/agents')).rejects.toThrow();
  await expect(expectConforms(Response.json({}, { status: 418 }), 'GET', '/api/v1/agents')).rejects.toThrow();
});

describeApi('real answers conform to the OpenAPI document', (database) => {
  beforeAll(async () => {
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: 'conform', name: 'Conform' } });
  });

  it('agents: 200 list, 201 create, 200 read, 400 bad body, 404 unknown, 412 stale', async () => {
    await expectConforms(await POST(apiRequest('/api/v1/agents', { method: 'POST', json: { name: 'Second agent' } }), noParams), 'POST', '/api/v1/agents', 201);
    await expectConforms(await listAgents(apiRequest('/api/v1/agents'), noParams), 'GET', '/api/v1/agents', 200);
    await expectConforms(await listAgents(apiRequest('/api/v1/agents?search=%00'), noParams), 'GET', '/api/v1/agents', 400);
    await expectConforms(await callRoute(getAgent, apiRequest('/api/v1/agents/conform'), { id: 'conform' }), 'GET', '/api/v1/agents/{id}', 200);
    await expectConforms(await POST(apiRequest('/api/v1/agents', { method: 'POST', json: { name: '' } }), noParams), 'POST', '/api/v1/agents', 400);
    await expectConforms(await callRoute(getAgent, apiRequest('/api/v1/agents/nobody'), { id: 'nobody' }), 'GET', '/api/v1/agents/{id}', 404);
    const patch = (ifMatch: string) =>
      callRoute(PATCH, apiRequest('/api/v1/agents/conform', { method: 'PATCH', json: { description: 'New' }, ifMatch }), { id: 'conform' });
    await expectConforms(await patch('"1"'), 'PATCH', '/api/v1/agents/{id}', 200);
    await expectConforms(await patch('"1"'), 'PATCH', '/api/v1/agents/{id}', 412);
    await expectConforms(await callRoute(PATCH, apiRequest('/api/v1/agents/conform', { method: 'PATCH', json: {}, ifMatch: '"2"' }), { id: 'conform' }), 'PATCH', '/api/v1/agents/{id}', 400);
  });

  it('assignments: 201 and 200 put, 400 bad overrides, 422 unknown tool, 412 stale, 200 list and read', async () => {
    const put = (toolName: string, json: unknown, ifMatch?: string) =>
      callRoute(PUT, apiRequest(`/api/v1/agents/conform/tools/${toolName}`, { method: 'PUT', json, ifMatch }), { id: 'conform', toolName });
    const path = '/api/v1/agents/{id}/tools/{toolName}';
    await expectConforms(await put('fs_read_file', { overrides: { baseDir: files.folder('srv') } }), 'PUT', path, 201);
    await expectConforms(await put('fs_read_file', { overrides: { baseDir: files.folder('data') } }, '"1"'), 'PUT', path, 200);
    await expectConforms(await put('fs_read_file', { overrides: { baseDir: 42 } }, '"2"'), 'PUT', path, 400);
    await expectConforms(await put('no_such_tool', { overrides: {} }), 'PUT', path, 422);
    await expectConforms(await put('fs_read_file', { overrides: { baseDir: files.folder('x') } }, '"1"'), 'PUT', path, 412);
    await expectConforms(await callRoute(getTool, apiRequest('/api/v1/agents/conform/tools/fs_read_file'), { id: 'conform', toolName: 'fs_read_file' }), 'GET', path, 200);
    await expectConforms(await callRoute(listTools, apiRequest('/api/v1/agents/conform/tools'), { id: 'conform' }), 'GET', '/api/v1/agents/{id}/tools', 200);
    const removeTool = (ifMatch: string) =>
      callRoute(deleteTool, apiRequest('/api/v1/agents/conform/tools/fs_read_file', { method: 'DELETE', ifMatch }), { id: 'conform', toolName: 'fs_read_file' });
    await expectConforms(await removeTool('"9"'), 'DELETE', path, 412);
    await expectConforms(await removeTool('*'), 'DELETE', path, 204);
  });

  it('runtime: effective tools 200 and 404, invoke 200, 400 bad arguments, 404 unassigned', async () => {
    await PUT(apiRequest('/api/v1/agents/conform/tools/word_count', { method: 'PUT', json: { overrides: {} } }), { params: Promise.resolve({ id: 'conform', toolName: 'word_count' }) });
    const path = '/api/v1/agents/{id}/effective-tools';
    await expectConforms(await callRoute(effectiveTools, apiRequest('/api/v1/agents/conform/effective-tools?format=anthropic'), { id: 'conform' }), 'GET', path, 200);
    await expectConforms(await callRoute(effectiveTools, apiRequest('/api/v1/agents/nobody/effective-tools'), { id: 'nobody' }), 'GET', path, 404);
    const call = (toolName: string, json: unknown) =>
      callRoute(invoke, apiRequest(`/api/v1/agents/conform/tools/${toolName}/invoke`, { method: 'POST', json }), { id: 'conform', toolName });
    const invokePath = '/api/v1/agents/{id}/tools/{toolName}/invoke';
    await expectConforms(await call('word_count', { arguments: { text: 'a b' } }), 'POST', invokePath, 200);
    await expectConforms(await call('word_count', { arguments: { text: 1 } }), 'POST', invokePath, 400);
    await expectConforms(await call('todo_read', { arguments: {} }), 'POST', invokePath, 404);
  });

  it('audit, the document itself and deleting an agent', async () => {
    await expectConforms(await listAudit(apiRequest('/api/v1/audit?limit=2'), noParams), 'GET', '/api/v1/audit', 200);
    await expectConforms(await listAudit(apiRequest('/api/v1/audit?limit=0'), noParams), 'GET', '/api/v1/audit', 400);
    await expectConforms(await listAudit(apiRequest('/api/v1/audit?agent=conform&from=2020-01-01'), noParams), 'GET', '/api/v1/audit', 200);
    await expectConforms(await listAudit(apiRequest('/api/v1/audit?from=soon'), noParams), 'GET', '/api/v1/audit', 400);
    // JSON lines: the media type is documented, and each line is a documented AuditEvent.
    const lines = await listAudit(apiRequest('/api/v1/audit?format=jsonl'), noParams);
    const document = getOpenApiDocument() as { paths: Record<string, Record<string, Operation>> };
    expect(Object.keys(document.paths['/api/v1/audit']?.get?.responses['200']?.content ?? {})).toContain(lines.headers.get('content-type')?.split(';')[0]);
    const validateEvent = ajv().getSchema(`${DOCUMENT_ID}#/components/schemas/AuditEvent`);
    const events = (await lines.text()).trimEnd().split('\n');
    expect(events.length).toBeGreaterThan(0);
    for (const line of events) expect(validateEvent?.(JSON.parse(line)), line).toBe(true);
    await expectConforms(await getDocument(apiRequest('/api/v1/openapi.json'), noParams), 'GET', '/api/v1/openapi.json', 200);
    await expectConforms(await callRoute(deleteAgent, apiRequest('/api/v1/agents/conform', { method: 'DELETE', ifMatch: '*' }), { id: 'conform' }), 'DELETE', '/api/v1/agents/{id}', 200);
  });
});
