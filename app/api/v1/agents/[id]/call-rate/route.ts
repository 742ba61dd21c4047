import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { jsonResponse } from '@/lib/http/responses';
import { readAgentCallRate } from '@/lib/runtime/call-rates';

export const dynamic = 'force-dynamic';

/** The agent's tool calls against the per-minute limit, and whether it is being throttled. */
export const GET = apiRoute<{ id: string }>({ permission: 'agents:read' }, async (_request, { id }, { actor, db }) => jsonResponse(await readAgentCallRate({ db, actor, agentId: id })));

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
