import { PutAssignmentBodySchema } from '@/lib/api/assignment-schemas';
import { assignmentToReplace } from '@/lib/api/assignment-to-replace';
import { deleteAssignment, getAssignment, putAssignment } from '@/lib/assignments';
import { getDb } from '@/lib/db';
import { apiRoute } from '@/lib/http/api-route';
import { expectedVersionFrom } from '@/lib/http/etag';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { getToolRegistry } from '@/lib/registry-host';

export const dynamic = 'force-dynamic';

type Params = { id: string; toolName: string };

/** One assignment with its status, and its version as ETag. */
export const GET = apiRoute<Params>({ permission: 'agents:read' }, async (_request, { id, toolName }, actor) => {
  const assignment = await getAssignment({ db: await getDb(), actor, registry: await getToolRegistry(), agentId: id, toolName });
  return jsonResponse(assignment, { version: assignment.version });
});

/** Assigns the tool with these overrides (201), or replaces them (200; If-Match needed). */
export const PUT = apiRoute<Params>({ permission: 'agents:write' }, async (request, { id, toolName }, actor) => {
  const { overrides } = await readJsonBody(request, PutAssignmentBodySchema);
  const [db, registry] = await Promise.all([getDb(), getToolRegistry()]);
  const expectedVersion = await expectedVersionFrom(request, () => assignmentToReplace({ db, actor, registry, agentId: id, toolName }));
  const { assignment, created } = await putAssignment({ db, registry, actor, agentId: id, toolName, overrides, expectedVersion });
  const location = created ? `/api/v1/agents/${id}/tools/${encodeURIComponent(toolName)}` : undefined;
  return jsonResponse(assignment, { status: created ? 201 : 200, version: assignment.version, location });
});

/** Removes the tool from the agent; needs If-Match. */
export const DELETE = apiRoute<Params>({ permission: 'agents:write' }, async (request, { id, toolName }, actor) => {
  const [db, registry] = await Promise.all([getDb(), getToolRegistry()]);
  const expectedVersion = await expectedVersionFrom(request, () => getAssignment({ db, actor, registry, agentId: id, toolName }));
  await deleteAssignment({ db, registry, actor, agentId: id, toolName, expectedVersion });
  return new Response(null, { status: 204 });
});
