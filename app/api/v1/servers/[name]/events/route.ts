import { ServerEventsQuerySchema } from '@/lib/api/server-schemas';
import { apiRoute } from '@/lib/http/api-route';
import { readQuery } from '@/lib/http/query';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { listServerEvents } from '@/lib/mcp-servers';

export const dynamic = 'force-dynamic';

type Params = { name: string };

/** The server's connection timeline, newest first, and its restarts in the last hour. */
export const GET = apiRoute<Params>({ permission: 'catalogue:read' }, async (request, { name }, { actor, db }) => {
  const { limit, before } = readQuery(request, ServerEventsQuerySchema);
  return jsonResponse(await listServerEvents({ db, actor, name, limit, before }));
});

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
