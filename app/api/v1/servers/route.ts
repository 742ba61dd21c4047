import { ServerBodySchema } from '@/lib/api/server-schemas';
import { apiRoute } from '@/lib/http/api-route';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { createServer, getServerView, listServers, listServerViews } from '@/lib/mcp-servers';

export const dynamic = 'force-dynamic';

/** Every MCP server with its status in this instance. */
export const GET = apiRoute({ permission: 'catalogue:read' }, async (_request, _params, { actor, db }) => {
  return jsonResponse({ servers: await listServerViews({ db, actor }) });
});

/** Adds a server: 201 with its Location and ETag; it connects in the background. */
export const POST = apiRoute({ permission: 'agents:write' }, async (request, _params, { actor, db, registry }) => {
  const config = await readJsonBody(request, ServerBodySchema);
  // Other servers' names are refused by the insert itself, with a message that says so.
  const servers = new Set((await listServers({ db, actor })).map((server) => server.name));
  const takenGroups = new Set(registry.groups().filter((group) => !servers.has(group)));
  const record = await createServer({ db, actor, config, takenGroups });
  const view = await getServerView({ db, actor, name: record.name });
  return jsonResponse(view, { status: 201, version: view.version, location: `/api/v1/servers/${view.name}` });
});

/** PUT, PATCH, DELETE: 405 with `Allow`. */
export const { PUT, PATCH, DELETE } = otherMethods(['GET', 'POST']);
