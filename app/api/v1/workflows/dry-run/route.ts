import { DryRunBodySchema } from '@/lib/api/workflow-schemas';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { dryRunWorkflow } from '@/lib/workflows/dry-run-workflow';

export const dynamic = 'force-dynamic';

/** Runs a workflow (saved or not) and answers each step's arguments and result; a failing step is named. Needs `runtime` and `agents:write`. */
export const POST = apiRoute({ permission: 'runtime' }, async (request, _params, { actor, db, registry }) => {
  const body = await readJsonBody(request, DryRunBodySchema);
  const run = await dryRunWorkflow({ db, registry, actor, workflow: body.workflow, arguments: body.arguments, agentId: body.agentId });
  return jsonResponse(run);
});

/** GET, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
