import { UpdateTokenBodySchema } from '@/lib/api/auth-schemas';
import { getToken } from '@/lib/auth/get-token';
import { narrowTokenAgents } from '@/lib/auth/narrow-token-agents';
import { revokeToken } from '@/lib/auth/revoke-token';
import { apiRoute } from '@/lib/http/api-route';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** One token (never its secret) with its last use per agent. */
export const GET = apiRoute<{ id: string }>({ permission: 'tokens:manage' }, async (_request, { id }, { actor, db }) => {
  return jsonResponse(await getToken({ db, actor, id }));
});

/** Narrows the agents the token reaches (audited); it is never widened. */
export const PATCH = apiRoute<{ id: string }>({ permission: 'tokens:manage' }, async (request, { id }, { actor, db }) => {
  const { agents } = await readJsonBody(request, UpdateTokenBodySchema);
  return jsonResponse(await narrowTokenAgents({ db, actor, id, agents }));
});

/** Revokes the token: refused from the next request on. The revoked token stays in the list. */
export const DELETE = apiRoute<{ id: string }>({ permission: 'tokens:manage' }, async (_request, { id }, { actor, db }) => {
  return jsonResponse(await revokeToken({ db, actor, id }));
});

/** POST, PUT: 405 with `Allow`. */
export const { POST, PUT } = otherMethods(['GET', 'PATCH', 'DELETE']);
