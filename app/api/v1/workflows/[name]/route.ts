import { WorkflowReplaceBodySchema } from '@/lib/api/workflow-schemas';
import { apiRoute } from '@/lib/http/api-route';
import { expectedVersionFrom } from '@/lib/http/etag';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { deleteWorkflow, getWorkflow, updateWorkflow } from '@/lib/workflows/workflow-store';

export const dynamic = 'force-dynamic';

type Params = { name: string };

/** One workflow, with its version as ETag. */
export const GET = apiRoute<Params>({ permission: 'catalogue:read' }, async (_request, { name }, { actor, db }) => {
  const workflow = await getWorkflow({ db, actor, name });
  return jsonResponse(workflow, { version: workflow.version });
});

/** Replaces a workflow's description, inputs, steps and output; needs If-Match. Its assignments stay. */
export const PUT = apiRoute<Params>({ permission: 'agents:write' }, async (request, { name }, { actor, db, registry }) => {
  const body = await readJsonBody(request, WorkflowReplaceBodySchema);
  const expectedVersion = await expectedVersionFrom(request, () => getWorkflow({ db, actor, name }));
  const workflow = await updateWorkflow({ db, actor, registry, name, definition: { ...body, name: body.name ?? name }, expectedVersion });
  return jsonResponse(workflow, { version: workflow.version });
});

/** Deletes a workflow; needs If-Match. Agents' assignments of its tool stay, shown `missing`. */
export const DELETE = apiRoute<Params>({ permission: 'agents:write' }, async (request, { name }, { actor, db }) => {
  const expectedVersion = await expectedVersionFrom(request, () => getWorkflow({ db, actor, name }));
  await deleteWorkflow({ db, actor, name, expectedVersion });
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
});

/** POST, PATCH: 405 with `Allow`. */
export const { POST, PATCH } = otherMethods(['GET', 'PUT', 'DELETE']);
