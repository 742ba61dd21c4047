import { SetupBodySchema } from '@/lib/api/auth-schemas';
import { completeSetup } from '@/lib/auth/complete-setup';
import { publicWriteRoute } from '@/lib/http/api-route';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** Creates the first admin with the one-time setup link's token; 403 once used or once a user exists. */
export const POST = publicWriteRoute(async (request, { db }) => {
  const { token, ...input } = await readJsonBody(request, SetupBodySchema);
  const user = await completeSetup({ db, token, input });
  return jsonResponse(user, { status: 201 });
});

/** GET, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST'], { access: 'public' });
