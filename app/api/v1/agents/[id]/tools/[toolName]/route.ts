import { PutAssignmentBodySchema } from '@/lib/api/assignment-schemas';
import { assignmentToReplace } from '@/lib/api/assignment-to-replace';
import { deleteAssignment, getAssignment, putAssignment } from '@/lib/assignments';
import { apiRoute } from '@/lib/http/api-route';
import { expectedVersionFrom } from '@/lib/http/etag';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

type Params = { id: string; toolName: string };

/** One assignment with its status, and its version as ETag. */
export const GET = apiRoute<Params>({ permission: 'agents:read' }, async (_request, { id, toolName }, { actor, db, registry }) => {
  const assignment = await getAssignment({ db, actor, registry, agentId: id, toolName });
  return jsonResponse(assignment, { version: assignment.version });
});

/** Assigns the tool with these overrides (201 with its Location), or replaces them (200; If-Match needed). */
export const PUT = apiRoute<Params>({ permission: 'agents:write' }, async (request, { id, toolName }, { actor, db, registry }) => {
  const { overrides } = await readJsonBody(request, PutAssignmentBodySchema);
  const expectedVersion = await expectedVersionFrom(request, () => assignmentToReplace({ db, actor, registry, agentId: id, toolName }));
  const { assignment, created } = await putAssignment({ db, registry, actor, agentId: id, toolName, overrides, expectedVersion });
  const location = created ? `/api/v1/agents/${id}/tools/${encodeURIComponent(toolName)}` : undefined;
  return jsonResponse(assignment, { status: created ? 201 : 200, version: assignment.version, location });
});

/** Removes the tool from the agent; needs If-Match. */
export const DELETE = apiRoute<Params>({ permission: 'agents:write' }, async (request, { id, toolName }, { actor, db, registry }) => {
  const expectedVersion = await expectedVersionFrom(request, () => getAssignment({ db, actor, registry, agentId: id, toolName }));
  await deleteAssignment({ db, registry, actor, agentId: id, toolName, expectedVersion });
  return new Response(null, { status: 204 });
});

/** POST, PATCH: 405 with `Allow`. */
export const { POST, PATCH } = otherMethods(['GET', 'PUT', 'DELETE']);
