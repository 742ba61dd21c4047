import { apiRoute } from '@/lib/http/api-route';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { refreshServer } from '@/lib/mcp-servers';

export const dynamic = 'force-dynamic';

type Params = { name: string };

/** Re-reads the server's tool list now. */
export const POST = apiRoute<Params>({ permission: 'agents:write' }, async (_request, { name }, { actor, db }) => {
  const view = await refreshServer({ db, actor, name });
  return jsonResponse(view, { version: view.version });
});

/** GET, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
