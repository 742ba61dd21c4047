import { acceptUpstreamChange } from '@/lib/drift';
import { apiRoute } from '@/lib/http/api-route';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

type Params = { id: string; toolName: string };

/** Accepts the provider's current version of the tool for this agent: its model is served it from now on. */
export const POST = apiRoute<Params>({ permission: 'agents:write' }, async (_request, { id, toolName }, { actor, db, registry }) =>
  jsonResponse(await acceptUpstreamChange({ db, registry, actor, agentId: id, toolName })),
);

/** GET, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
