import { AppError } from '@/lib/app-error';
import { BulkAssignBodySchema, ToolUsersQuerySchema } from '@/lib/api/fleet-schemas';
import { bulkAssign, listToolUsers, type BulkOperation } from '@/lib/fleet';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readQuery } from '@/lib/http/query';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';

export const dynamic = 'force-dynamic';

/** The agents that have this tool, with their settings, one page at a time. */
export const GET = apiRoute<{ name: string }>({ permission: 'agents:read' }, async (request, { name }, { actor, db, registry }) => {
  const { limit, offset } = readQuery(request, ToolUsersQuerySchema);
  return jsonResponse(await listToolUsers({ db, actor, registry, toolName: name, limit, offset }));
});

/** Adds the tool to many agents, removes it, or changes settings on all of them: one transaction, one audit event per agent. */
export const POST = apiRoute<{ name: string }>({ permission: 'agents:write' }, async (request, { name }, { actor, db, registry }) => {
  const body = await readJsonBody(request, BulkAssignBodySchema);
  const results = await bulkAssign({
    db,
    registry,
    actor,
    toolName: name,
    agentIds: body.agentIds,
    operation: operationOf(body),
    isPreview: body.preview,
  });
  return jsonResponse({ results });
});

function operationOf(body: { operation: 'add' | 'remove' | 'set'; overrides?: Record<string, unknown>; set?: Record<string, unknown>; unset?: string[] }): BulkOperation {
  if (body.operation === 'remove') return { kind: 'remove' };
  if (body.operation === 'add') {
    if (!body.overrides) throw new AppError('invalid', 'Adding a tool needs the settings the agents get', { errors: [{ pointer: '/overrides', message: 'Required with operation add' }] });
    return { kind: 'add', overrides: body.overrides };
  }
  if (!body.set && !body.unset) throw new AppError('invalid', 'Say which settings to change', { errors: [{ pointer: '/set', message: 'Required with operation set (or unset)' }] });
  return { kind: 'set', set: body.set ?? {}, unset: body.unset };
}

/** PUT, PATCH, DELETE: 405 with `Allow`. */
export const { PUT, PATCH, DELETE } = otherMethods(['GET', 'POST']);
