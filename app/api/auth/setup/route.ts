import { SetupBodySchema } from '@/lib/api/auth-schemas';
import { completeSetup } from '@/lib/auth/complete-setup';
import { getDb } from '@/lib/db';
import { publicApiRoute } from '@/lib/http/api-route';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';

export const dynamic = 'force-dynamic';

/** Creates the first admin with the one-time setup link's token; 403 once used or once a user exists. */
export const POST = publicApiRoute(async (request) => {
  const { token, ...input } = await readJsonBody(request, SetupBodySchema);
  const user = await completeSetup({ db: await getDb(), token, input });
  return jsonResponse(user, { status: 201 });
});
