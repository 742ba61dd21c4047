import { deleteAssignment, getAssignment } from '@/lib/assignments';
import { putAssignmentRoute } from '@/lib/assignments/put-assignment-route';
import { getDb } from '@/lib/db';
import { apiRoute } from '@/lib/http/api-route';
import { expectedVersionFrom } from '@/lib/http/etag';
import { jsonResponse } from '@/lib/http/responses';
import { getToolRegistry } from '@/lib/registry-host';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

type Params = { id: string; toolName: string };

/** One assignment with its status, and its version as ETag. */
export const GET = apiRoute<Params>({ permission: 'agents:read' }, async (_request, { id, toolName }, actor) => {
  const assignment = await getAssignment({ db: await getDb(), actor, registry: await getToolRegistry(), agentId: id, toolName });
  return jsonResponse(assignment, { version: assignment.version });
});

/** Assigns the tool with these overrides (201), or replaces them (200; If-Match needed); the front door answers it past Next's router too. */
export const PUT = putAssignmentRoute;

/** Removes the tool from the agent; needs If-Match. */
export const DELETE = apiRoute<Params>({ permission: 'agents:write' }, async (request, { id, toolName }, actor) => {
  const [db, registry] = await Promise.all([getDb(), getToolRegistry()]);
  const expectedVersion = await expectedVersionFrom(request, () => getAssignment({ db, actor, registry, agentId: id, toolName }));
  await deleteAssignment({ db, registry, actor, agentId: id, toolName, expectedVersion });
  return new Response(null, { status: 204 });
});

/** POST, PATCH: 405 with `Allow`. */
export const { POST, PATCH } = otherMethods(['GET', 'PUT', 'DELETE']);
