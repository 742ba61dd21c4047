import 'server-only';
import { AppError } from '@/lib/app-error';
import { getServer, updateServer } from '@/lib/mcp-servers';
import { configSecretNames, type ServerConfig } from '@/lib/mcp-servers/server-config';
import { hideCredentials } from '@/lib/mcp-servers/server-record';
import { serverTarget } from '@/lib/audit/audit-event';
import { isPlainObject } from '@/lib/json-pointer';
import { secretNames } from '@/lib/secrets/secret-store';
import { undoWholeObject } from './read-history';
import { auditedWholeObject, type WholeObjectKind } from './object-history';

/** What of a server version no longer exists: secrets it references that the store no longer holds. */
export type ServerMissing = {
  secrets: string[];
};

function texts(value: unknown): Record<string, string> {
  return isPlainObject(value) ? Object.fromEntries(Object.entries(value).map(([key, text]) => [key, String(text)])) : {};
}

/**
 * A server configuration as the audit stored it (its `before`), or undefined. Credential-like
 * entries that are not references read `(hidden: …)`, as everywhere a server is read.
 */
export function toServerSnapshot(value: unknown): ServerConfig | undefined {
  if (!isPlainObject(value) || typeof value.name !== 'string' || typeof value.enabled !== 'boolean') return undefined;
  const base = { name: value.name, enabled: value.enabled };
  if (value.transport === 'http') return { ...base, transport: 'http', url: String(value.url ?? ''), headers: hideCredentials(texts(value.headers)) };
  if (value.transport !== 'stdio') return undefined;
  return { ...base, transport: 'stdio', command: String(value.command ?? ''), args: Array.isArray(value.args) ? value.args.map(String) : [], env: hideCredentials(texts(value.env)) };
}

/** An MCP server's history: its `server.*` changes under `servers/<name>`. */
export const serverHistoryKind: WholeObjectKind<'server', ServerConfig, ServerMissing> = {
  noun: 'MCP server',
  field: 'server',
  ...auditedWholeObject('server', serverTarget),
  current: async (db, name) => {
    const row = await db.selectFrom('mcp_servers').selectAll().where('name', '=', name).executeTakeFirst();
    const snapshot = row ? toServerSnapshot({ name: row.name, enabled: row.enabled === 1, transport: row.transport, ...(JSON.parse(row.config) as object) }) : undefined;
    if (!snapshot) throw new AppError('not_found', `MCP server "${name}" was not found`);
    return snapshot;
  },
  undo: undoWholeObject(toServerSnapshot),
  storedVersion: async (db, actor, name) => (await getServer({ db, actor, name })).version,
  shown: (snapshot) => snapshot,
  missing: async (db, snapshot) => {
    const held = await secretNames(db);
    return { secrets: configSecretNames(snapshot).filter((name) => !held.has(name)) };
  },
  save: async ({ db, actor, snapshot, expectedVersion, restoredFrom }) => {
    await updateServer({ db, actor, config: snapshot, expectedVersion, restoredFrom });
  },
};
