import { AppError } from '@/lib/app-error';
import { appOrigin } from '@/lib/auth/oauth/app-origin';
import { AuthorizeDecisionBodySchema } from '@/lib/api/oauth-schemas';
import { decideAuthorization } from '@/lib/auth/oauth/decide-authorization';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json-body';

export const dynamic = 'force-dynamic';

/** The consent page's answer: approve (with the agents chosen) or deny; says where to send the browser back to the client. */
export const POST = apiRoute({ permission: 'signed-in' }, async (request, _params, { actor, db }) => {
  if (actor.kind !== 'user') throw new AppError('forbidden', 'Only a signed-in person may let an application reach agents');
  const { params, approve, agentIds } = await readJsonBody(request, AuthorizeDecisionBodySchema);
  return Response.json(await decideAuthorization({ db, actor, origin: appOrigin(request), params, approve, agentIds }), { headers: { 'cache-control': 'no-store' } });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
