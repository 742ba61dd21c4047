import { ServerBodySchema } from '@/lib/api/server-schemas';
import { apiRoute } from '@/lib/http/api-route';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { testServerConnection } from '@/lib/mcp-servers';

export const dynamic = 'force-dynamic';

/**
 * Connects once to a server configuration (saved or not): its name, version and tool count, or
 * what failed. An explicit action with its own permission (`servers:test`: admins and editors).
 */
export const POST = apiRoute({ permission: 'servers:test' }, async (request, _params, { actor, db }) => {
  const config = await readJsonBody(request, ServerBodySchema);
  return jsonResponse(await testServerConnection({ db, actor, config }));
});

/** GET, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
