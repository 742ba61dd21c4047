import { apiRoute } from '@/lib/http/api-route';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { reconnectServer } from '@/lib/mcp-servers';

export const dynamic = 'force-dynamic';

type Params = { name: string };

/** Connects to the server again now in this instance. */
export const POST = apiRoute<Params>({ permission: 'agents:write' }, async (_request, { name }, { actor, db }) => {
  const view = await reconnectServer({ db, actor, name });
  return jsonResponse(view, { version: view.version });
});

/** GET, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
