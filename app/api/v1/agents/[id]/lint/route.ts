import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { jsonResponse } from '@/lib/http/responses';
import { lintAgent } from '@/lib/policy/lint-agent';

export const dynamic = 'force-dynamic';

/** The lint of the agent's tools as its model receives them, with the token cost per format. */
export const GET = apiRoute<{ id: string }>({ permission: 'agents:read' }, async (_request, { id }, { actor, db, registry }) =>
  jsonResponse(await lintAgent({ db, registry, actor, agentId: id })),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
