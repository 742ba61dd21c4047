import { AppError } from '@/lib/app-error';
import { listGrants } from '@/lib/auth/oauth/grants';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** The MCP clients the signed-in user let reach agents (an admin: everyone's). */
export const GET = apiRoute({ permission: 'signed-in' }, async (_request, _params, { actor, db }) => {
  if (actor.kind !== 'user') throw new AppError('forbidden', 'Connections belong to signed-in people');
  return Response.json({ grants: await listGrants({ db, actor }) });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
