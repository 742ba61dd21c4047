import { AppError } from '@/lib/app-error';
import { getAgentVersion } from '@/lib/history';
import { apiRoute } from '@/lib/http/api-route';
import { jsonResponse } from '@/lib/http/responses';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

type Params = { id: string; version: string };

/** What the agent was at one version. */
export const GET = apiRoute<Params>({ permission: 'agents:read' }, async (_request, { id, version }, { actor, db, registry }) => {
  if (!/^[1-9]\d{0,8}$/.test(version)) throw new AppError('not_found', `Agent "${id}" has no version "${version}": versions are whole numbers from 1`);
  return jsonResponse(await getAgentVersion({ db, actor, registry, id, version: Number(version) }));
});

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
