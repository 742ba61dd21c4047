import { ServerBodySchema } from '@/lib/api/server-schemas';
import { AppError } from '@/lib/app-error';
import { apiRoute } from '@/lib/http/api-route';
import { expectedVersionFrom } from '@/lib/http/etag';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { deleteServer, getServer, getServerView, syncedHost, updateServer } from '@/lib/mcp-servers';

export const dynamic = 'force-dynamic';

type Params = { name: string };

/** One server with its status and tool count, its version as ETag. */
export const GET = apiRoute<Params>({ permission: 'catalogue:read' }, async (_request, { name }, { actor, db }) => {
  const view = await getServerView({ db, actor, name });
  return jsonResponse(view, { version: view.version });
});

/** Replaces a server's configuration (edit, enable, disable); needs If-Match. */
export const PUT = apiRoute<Params>({ permission: 'agents:write' }, async (request, { name }, { actor, db }) => {
  const config = await readJsonBody(request, ServerBodySchema);
  if (config.name !== name) {
    throw new AppError('invalid', `The body names the server "${config.name}", the address "${name}"; a server cannot be renamed`, {
      errors: [{ pointer: '/name', message: `Must be "${name}"` }],
    });
  }
  const expectedVersion = await expectedVersionFrom(request, () => getServer({ db, actor, name }));
  await updateServer({ db, actor, expectedVersion, config });
  const view = await getServerView({ db, actor, name });
  return jsonResponse(view, { version: view.version });
});

/** Removes a server and closes its connection; needs If-Match. */
export const DELETE = apiRoute<Params>({ permission: 'agents:write' }, async (request, { name }, { actor, db }) => {
  const expectedVersion = await expectedVersionFrom(request, () => getServer({ db, actor, name }));
  const deleted = await deleteServer({ db, actor, name, expectedVersion });
  await syncedHost();
  return jsonResponse(deleted);
});

/** POST, PATCH: 405 with `Allow`. */
export const { POST, PATCH } = otherMethods(['GET', 'PUT', 'DELETE']);
