import { acceptUpstreamChange } from '@/lib/drift';
import { apiRoute } from '@/lib/http/api-route';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

type Params = { name: string };

/** Accepts the provider's current version of the tool for every agent with a pending change of it. */
export const POST = apiRoute<Params>({ permission: 'agents:write' }, async (_request, { name }, { actor, db, registry }) =>
  jsonResponse(await acceptUpstreamChange({ db, registry, actor, toolName: name })),
);

/** GET, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
