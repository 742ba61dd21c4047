import { appOrigin } from '@/lib/auth/oauth/app-origin';
import { exchangeToken } from '@/lib/auth/oauth/exchange-token';
import { publicWriteRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readFormBody } from '@/lib/http/read-json-body';

export const dynamic = 'force-dynamic';

/** The OAuth token endpoint: an authorization code (with its PKCE verifier) or a refresh token for an access token bound to one agent. */
export const POST = publicWriteRoute(async (request, { db }) => {
  const answer = await exchangeToken({ db, form: await readFormBody(request), origin: appOrigin(request) });
  return Response.json(answer, { headers: { 'cache-control': 'no-store', pragma: 'no-cache' } });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
