import { listAssignments } from '@/lib/assignments';
import { getDb } from '@/lib/db';
import { apiRoute } from '@/lib/http/api-route';
import { jsonResponse } from '@/lib/http/responses';
import { getToolRegistry } from '@/lib/registry-host';

export const dynamic = 'force-dynamic';

/** Every tool assigned to the agent, each with its status against the current catalogue. */
export const GET = apiRoute<{ id: string }>({ permission: 'agents:read' }, async (_request, { id }, actor) => {
  const assignments = await listAssignments({ db: await getDb(), actor, registry: await getToolRegistry(), agentId: id });
  return jsonResponse({ assignments });
});
