import { WorkflowReplaceBodySchema } from '@/lib/api/workflow-schemas';
import { getDb } from '@/lib/db';
import { apiRoute } from '@/lib/http/api-route';
import { expectedVersionFrom } from '@/lib/http/etag';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { getToolRegistry } from '@/lib/registry-host';
import { deleteWorkflow, getWorkflow, updateWorkflow } from '@/lib/workflows/workflow-store';

export const dynamic = 'force-dynamic';

type Params = { name: string };

/** One workflow, with its version as ETag. */
export const GET = apiRoute<Params>({ permission: 'catalogue:read' }, async (_request, { name }, actor) => {
  const workflow = await getWorkflow({ db: await getDb(), actor, name });
  return jsonResponse(workflow, { version: workflow.version });
});

/** Replaces a workflow's description, inputs, steps and output; needs If-Match. Its assignments stay. */
export const PUT = apiRoute<Params>({ permission: 'agents:write' }, async (request, { name }, actor) => {
  const body = await readJsonBody(request, WorkflowReplaceBodySchema);
  const db = await getDb();
  const expectedVersion = await expectedVersionFrom(request, () => getWorkflow({ db, actor, name }));
  const workflow = await updateWorkflow({ db, actor, registry: await getToolRegistry(), name, definition: { ...body, name: body.name ?? name }, expectedVersion });
  return jsonResponse(workflow, { version: workflow.version });
});

/** Deletes a workflow; needs If-Match. Agents' assignments of its tool stay, shown `missing`. */
export const DELETE = apiRoute<Params>({ permission: 'agents:write' }, async (request, { name }, actor) => {
  const db = await getDb();
  const expectedVersion = await expectedVersionFrom(request, () => getWorkflow({ db, actor, name }));
  await deleteWorkflow({ db, actor, name, expectedVersion });
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
});

/** POST, PATCH: 405 with `Allow`. */
export const { POST, PATCH } = otherMethods(['GET', 'PUT', 'DELETE']);
