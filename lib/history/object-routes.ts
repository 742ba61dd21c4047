import 'server-only';
import { RestoreAgentBodySchema } from '@/lib/api/history-schemas';
import { AppError } from '@/lib/app-error';
import { apiRoute } from '@/lib/http/api-route';
import { expectedVersionFrom } from '@/lib/http/etag';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { getObjectVersion, listObjectVersions, restoreObjectVersion, type WholeObjectKind } from './object-history';

type KeyParams = { name: string };
type VersionParams = { name: string; version: string };

/**
 * The three history routes of a kind of object addressed by `{name}` (servers, workflows):
 * `GET …/versions` (the current version as ETag), `GET …/versions/{version}` and `POST …/restore`
 * (If-Match on the current version). Reading needs `catalogue:read`, restoring `agents:write`.
 */
export function objectHistoryRoutes<F extends string, S, M>(kind: WholeObjectKind<F, S, M>) {
  return {
    list: apiRoute<KeyParams>({ permission: 'catalogue:read' }, async (_request, { name }, { actor, db }) => {
      const list = await listObjectVersions(kind, { db, actor, key: name });
      return jsonResponse(list, { version: list.current });
    }),
    one: apiRoute<VersionParams>({ permission: 'catalogue:read' }, async (_request, { name, version }, { actor, db, registry }) => {
      if (!/^[1-9]\d{0,8}$/.test(version)) throw new AppError('not_found', `${kind.noun} "${name}" has no version "${version}": versions are whole numbers from 1`);
      return jsonResponse(await getObjectVersion(kind, { db, actor, registry, key: name, version: Number(version) }));
    }),
    restore: apiRoute<KeyParams>({ permission: 'agents:write' }, async (request, { name }, { actor, db, registry }) => {
      const { version } = await readJsonBody(request, RestoreAgentBodySchema);
      const expectedVersion = await expectedVersionFrom(request, async () => ({ version: (await listObjectVersions(kind, { db, actor, key: name })).current }));
      const outcome = await restoreObjectVersion(kind, { db, actor, registry, key: name, version, expectedVersion });
      return jsonResponse(outcome, { version: outcome.current });
    }),
  };
}
