import { listAgentVersions } from '@/lib/history';
import { apiRoute } from '@/lib/http/api-route';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

type Params = { id: string };

/** The agent's versions, oldest first, with the current one as ETag (what a restore's If-Match names). */
export const GET = apiRoute<Params>({ permission: 'agents:read' }, async (_request, { id }, { actor, db }) => {
  const list = await listAgentVersions({ db, actor, id });
  return jsonResponse(list, { version: list.current });
});

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
