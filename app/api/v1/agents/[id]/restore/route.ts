import { RestoreAgentBodySchema } from '@/lib/api/history-schemas';
import { listAgentVersions, restoreAgentVersion } from '@/lib/history';
import { apiRoute } from '@/lib/http/api-route';
import { expectedVersionFrom } from '@/lib/http/etag';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

type Params = { id: string };

/** Brings the agent back to `version` as one new audited change; If-Match names the current version. */
export const POST = apiRoute<Params>({ permission: 'agents:write' }, async (request, { id }, { actor, db, registry }) => {
  const { version } = await readJsonBody(request, RestoreAgentBodySchema);
  const expectedVersion = await expectedVersionFrom(request, async () => ({ version: (await listAgentVersions({ db, actor, id })).current }));
  const outcome = await restoreAgentVersion({ db, registry, actor, id, version, expectedVersion });
  return jsonResponse(outcome, { version: outcome.current });
});

/** GET, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
