import 'server-only';
import { RestoreAgentBodySchema } from '@/lib/api/history-schemas';
import { AppError } from '@/lib/app-error';
import type { Permission } from '@/lib/auth/permissions';
import { apiRoute } from '@/lib/http/api-route';
import { expectedVersionFrom } from '@/lib/http/etag';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { getObjectVersion, listObjectVersions, restoreObjectVersion, type WholeObjectKind } from './object-history';

/** How a kind's routes name one object: the permission to read its history, and its key from the route's parameters. */
export interface HistoryAddressing<P extends Record<string, string>> {
  readPermission: Permission;
  key(params: P): string;
}

/** Servers and workflows: `{name}`, read with `catalogue:read`. */
const BY_NAME: HistoryAddressing<{ name: string }> = { readPermission: 'catalogue:read', key: ({ name }) => name };

/**
 * The three history routes of a kind of object addressed by `{name}` (servers, workflows):
 * `GET …/versions` (the current version as ETag), `GET …/versions/{version}` and `POST …/restore`
 * (If-Match on the current version). Reading needs `catalogue:read`, restoring `agents:write`.
 */
export function objectHistoryRoutes<F extends string, S, M>(kind: WholeObjectKind<F, S, M>) {
  return keyedHistoryRoutes(kind, BY_NAME);
}

/** The history routes of a kind addressed by other parameters (an agent's rule: `{id}` and `{group}`); restoring needs `agents:write`. */
export function keyedHistoryRoutes<F extends string, S, M, P extends Record<string, string>>(kind: WholeObjectKind<F, S, M>, addressing: HistoryAddressing<P>) {
  const { readPermission, key: keyOf } = addressing;
  return {
    list: apiRoute<P>({ permission: readPermission }, async (_request, params, { actor, db }) => {
      const list = await listObjectVersions(kind, { db, actor, key: keyOf(params) });
      return jsonResponse(list, { version: list.current });
    }),
    one: apiRoute<P & { version: string }>({ permission: readPermission }, async (_request, params, { actor, db, registry }) => {
      const key = keyOf(params);
      const { version } = params;
      if (!/^[1-9]\d{0,8}$/.test(version)) throw new AppError('not_found', `${kind.noun} "${key}" has no version "${version}": versions are whole numbers from 1`);
      return jsonResponse(await getObjectVersion(kind, { db, actor, registry, key, version: Number(version) }));
    }),
    restore: apiRoute<P>({ permission: 'agents:write' }, async (request, params, { actor, db, registry }) => {
      const key = keyOf(params);
      const { version } = await readJsonBody(request, RestoreAgentBodySchema);
      const expectedVersion = await expectedVersionFrom(request, async () => ({ version: (await listObjectVersions(kind, { db, actor, key })).current }));
      const outcome = await restoreObjectVersion(kind, { db, actor, registry, key, version, expectedVersion });
      return jsonResponse(outcome, { version: outcome.current });
    }),
  };
}
