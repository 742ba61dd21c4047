import 'server-only';
import { PutAssignmentBodySchema } from '@/lib/api/assignment-schemas';
import { assignmentToReplace } from '@/lib/api/assignment-to-replace';
import { getDb } from '@/lib/db/get-db';
import { apiRoute } from '@/lib/http/api-route';
import { expectedVersionFrom } from '@/lib/http/etag';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { getToolRegistry } from '@/lib/registry-host';
import { putAssignment } from './put-assignment';

/**
 * `PUT /api/v1/agents/{id}/tools/{toolName}`: assigns the tool with these overrides (201), or
 * replaces them (200; If-Match needed). Next serves it from app/…/tools/[toolName]/route.ts; the
 * front door calls the very same function past Next's router (scripts/front-door/fast-routes.mjs,
 * registered in instrumentation-node.ts), since saving settings is the admin's most frequent write.
 */
export const putAssignmentRoute = apiRoute<{ id: string; toolName: string }>({ permission: 'agents:write' }, async (request, { id, toolName }, actor) => {
  const { overrides } = await readJsonBody(request, PutAssignmentBodySchema);
  const [db, registry] = await Promise.all([getDb(), getToolRegistry()]);
  const expectedVersion = await expectedVersionFrom(request, () => assignmentToReplace({ db, actor, registry, agentId: id, toolName }));
  const { assignment, created } = await putAssignment({ db, registry, actor, agentId: id, toolName, overrides, expectedVersion });
  const location = created ? `/api/v1/agents/${id}/tools/${encodeURIComponent(toolName)}` : undefined;
  return jsonResponse(assignment, { status: created ? 201 : 200, version: assignment.version, location });
});
