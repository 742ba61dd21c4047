import { clientAddress } from '@/lib/auth/client-address';
import { registerClient } from '@/lib/auth/oauth/register-client';
import { publicWriteRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonValue } from '@/lib/http/read-json-body';

export const dynamic = 'force-dynamic';

/** Dynamic client registration (RFC 7591), open to any MCP client: it gets a public client id, nothing more until a user consents. */
export const POST = publicWriteRoute(async (request, { db }) => {
  const client = await registerClient({ db, body: await readJsonValue(request), address: clientAddress(request.headers) });
  return Response.json(client, { status: 201, headers: { 'cache-control': 'no-store' } });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
