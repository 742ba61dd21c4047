import { WorkflowBodySchema } from '@/lib/api/workflow-schemas';
import { getDb } from '@/lib/db';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { getToolRegistry } from '@/lib/registry-host';
import { createWorkflow, listWorkflows } from '@/lib/workflows/workflow-store';

export const dynamic = 'force-dynamic';

/** Every stored workflow. */
export const GET = apiRoute({ permission: 'catalogue:read' }, async (_request, _params, actor) => {
  return jsonResponse({ workflows: await listWorkflows({ db: await getDb(), actor }) });
});

/** Stores a workflow; its tool `workflow_<name>` is in the catalogue at once. 201 with Location and ETag. */
export const POST = apiRoute({ permission: 'agents:write' }, async (request, _params, actor) => {
  const definition = await readJsonBody(request, WorkflowBodySchema);
  const workflow = await createWorkflow({ db: await getDb(), actor, registry: await getToolRegistry(), definition });
  return jsonResponse(workflow, { status: 201, version: workflow.version, location: `/api/v1/workflows/${workflow.name}` });
});

/** PUT, PATCH, DELETE: 405 with `Allow`. */
export const { PUT, PATCH, DELETE } = otherMethods(['GET', 'POST']);
