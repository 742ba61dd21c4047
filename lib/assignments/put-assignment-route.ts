import 'server-only';
import { PutAssignmentBodySchema } from '@/lib/api/assignment-schemas';
import { assignmentToReplace } from '@/lib/api/assignment-to-replace';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { actorFromNodeHeaders, keptActorFromNodeHeaders } from '@/lib/auth/request-actor';
import type { Db } from '@/lib/db/schema';
import { getDb, openedDb } from '@/lib/db/get-db';
import { apiRoute } from '@/lib/http/api-route';
import { errorResponse } from '@/lib/http/error-response';
import { etagOf, expectedVersionOfIfMatch } from '@/lib/http/etag';
import { readJsonBody, readJsonBytes } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { bootedToolRegistry, getToolRegistry } from '@/lib/registry-host';
import type { ToolRegistry } from '@/registry';
import type { BufferedRequest, JsonAnswer } from '@/scripts/front-door/fast-routes.mjs';
import type { AssignmentView } from './assignment';
import { putAssignment } from './put-assignment';

type Params = { id: string; toolName: string };

/**
 * `PUT /api/v1/agents/{id}/tools/{toolName}`: assigns the tool with these overrides (201), or
 * replaces them (200; If-Match needed). Next serves it from app/…/tools/[toolName]/route.ts; the
 * front door calls the very same function past Next's router (scripts/front-door/fast-routes.mjs,
 * registered in instrumentation-node.ts), since saving settings is the admin's most frequent write.
 */
export const putAssignmentRoute = apiRoute<Params>({ permission: 'agents:write' }, async (request, { id, toolName }, actor) => {
  const { overrides } = await readJsonBody(request, PutAssignmentBodySchema);
  const [db, registry] = await Promise.all([getDb(), getToolRegistry()]);
  const { assignment, created } = await save(db, registry, actor, id, toolName, overrides, request.headers.get('if-match'));
  return jsonResponse(assignment, { status: created ? 201 : 200, version: assignment.version, location: locationOf(created, id, toolName) });
});

/**
 * The same route for a request the front door has read whole (scripts/front-door/serve-fast.mjs):
 * the same checks, save and answers as {@link putAssignmentRoute}, without a web Request and
 * Response, whose streams cost a save more than its checks do. Only a caller who may write
 * agents is answered here; anyone else (no or an ended session, a bad token, a reader) is left
 * to the route's own wrapper (undefined), which answers and audits it as it always does.
 */
export async function putAssignmentBuffered(request: BufferedRequest, { id, toolName }: Params): Promise<Response | JsonAnswer | undefined> {
  // Without waiting when the database, the registry and the caller's session are kept in memory
  // (every save but the first few): each promise costs a turn and a copy of Next's async
  // contexts, which together cost a save more than its session check does.
  let db: Db;
  let actor: Actor | null | undefined;
  try {
    db = openedDb() ?? (await getDb());
    actor = keptActorFromNodeHeaders(db, request.headers);
    if (actor === undefined) actor = await actorFromNodeHeaders(db, request.headers);
    if (!actor) return undefined;
    authorize(actor, 'agents:write');
  } catch {
    return undefined;
  }
  try {
    const { overrides } = PutAssignmentBodySchema.parse(readJsonBytes(request.headers['content-type'] ?? null, request.body));
    const registry = bootedToolRegistry() ?? (await getToolRegistry());
    const { assignment, created } = await save(db, registry, actor, id, toolName, overrides, request.headers['if-match'] ?? null);
    // What jsonResponse gives, in the order a Response's headers are written (sorted by name).
    const headers: Record<string, string> = { 'cache-control': 'no-store', 'content-type': 'application/json', etag: etagOf(assignment.version) };
    const location = locationOf(created, id, toolName);
    if (location !== undefined) headers.location = location;
    return { kind: 'json', status: created ? 201 : 200, headers, body: JSON.stringify(assignment) };
  } catch (error) {
    const requestId = request.headers['x-request-id'];
    return errorResponse(error, typeof requestId === 'string' ? requestId : undefined);
  }
}

/** The body's overrides saved as the If-Match header allows (see `expectedVersionFrom`). */
async function save(
  db: Db,
  registry: ToolRegistry,
  actor: Actor,
  id: string,
  toolName: string,
  overrides: Record<string, unknown>,
  ifMatch: string | null,
): Promise<{ assignment: AssignmentView; created: boolean }> {
  const expectedVersion = await expectedVersionOfIfMatch(ifMatch, () => assignmentToReplace({ db, actor, registry, agentId: id, toolName }));
  return putAssignment({ db, registry, actor, agentId: id, toolName, overrides, expectedVersion });
}

function locationOf(created: boolean, id: string, toolName: string): string | undefined {
  return created ? `/api/v1/agents/${id}/tools/${encodeURIComponent(toolName)}` : undefined;
}
