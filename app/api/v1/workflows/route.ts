import { WorkflowBodySchema } from '@/lib/api/workflow-schemas';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { createWorkflow, listWorkflows } from '@/lib/workflows/workflow-store';

export const dynamic = 'force-dynamic';

/** Every stored workflow. */
export const GET = apiRoute({ permission: 'catalogue:read' }, async (_request, _params, { actor, db }) => {
  return jsonResponse({ workflows: await listWorkflows({ db, actor }) });
});

/** Stores a workflow; its tool `workflow_<name>` is in the catalogue at once. 201 with Location and ETag. */
export const POST = apiRoute({ permission: 'agents:write' }, async (request, _params, { actor, db, registry }) => {
  const definition = await readJsonBody(request, WorkflowBodySchema);
  const workflow = await createWorkflow({ db, actor, registry, definition });
  return jsonResponse(workflow, { status: 201, version: workflow.version, location: `/api/v1/workflows/${workflow.name}` });
});

/** PUT, PATCH, DELETE: 405 with `Allow`. */
export const { PUT, PATCH, DELETE } = otherMethods(['GET', 'POST']);
