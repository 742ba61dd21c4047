import 'server-only';
import { forgetServerHistory } from './server-events';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { serverTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import { checkVersion } from '@/lib/check-version';
import type { Db } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';
import { inTransaction } from '@/lib/db/transaction';
import { publishChange } from '@/lib/events';
import type { ServerConfig } from './server-config';
import { configOf, toConfigColumns, toServerRecord, type ServerRecord } from './server-record';
import { authorizeSecretUse, authorizeServerChange, checkReferences, checkServerEgress, checkStdioAllowed } from './server-rules';

/** Every stored server, by name; AppError `forbidden` without `catalogue:read`. */
export async function listServers({ db, actor }: { db: Db; actor: Actor }): Promise<ServerRecord[]> {
  authorize(actor, 'catalogue:read');
  return (await db.selectFrom('mcp_servers').selectAll().orderBy('name').execute()).map(toServerRecord);
}

/** One stored server; AppError `forbidden` without `catalogue:read`, `not_found`. */
export async function getServer({ db, actor, name }: { db: Db; actor: Actor; name: string }): Promise<ServerRecord> {
  authorize(actor, 'catalogue:read');
  const row = isStorableText(name) ? await db.selectFrom('mcp_servers').selectAll().where('name', '=', name).executeTakeFirst() : undefined;
  if (!row) throw new AppError('not_found', `MCP server "${name}" was not found`);
  return toServerRecord(row);
}

/** What `createServer` needs; `takenGroups` are the groups of the other tools, which a server's name may not reuse. */
export interface CreateServerOptions {
  db: Db;
  actor: Actor;
  config: ServerConfig;
  takenGroups: ReadonlySet<string>;
  /** The caller checked the URL against the egress policy already (config apply, before its transaction). */
  isEgressChecked?: boolean;
}

/**
 * Stores a new server at version 1 and tells every instance. AppError `forbidden` (stdio needs
 * `servers:stdio`), `invalid` (stdio while `MCP_STDIO=off`; an HTTP host the egress policy
 * refuses, on `/url`; a reference that may not be used or names no secret, with its pointer),
 * `conflict` when the name is taken by a server or by another group of tools.
 */
export async function createServer({ db, actor, config, takenGroups, isEgressChecked = false }: CreateServerOptions): Promise<ServerRecord> {
  authorizeServerChange(actor, config);
  authorizeSecretUse(actor, undefined, config);
  checkStdioAllowed(config);
  if (!isEgressChecked) await checkServerEgress(config);
  if (takenGroups.has(config.name)) {
    throw new AppError('conflict', `"${config.name}" is already the group of other tools; give the server another name`);
  }
  const now = new Date().toISOString();
  const record = await inTransaction(db, async (trx) => {
    await checkReferences(trx, config);
    const row = await trx
      .insertInto('mcp_servers')
      .values({ name: config.name, ...toConfigColumns(config), enabled: config.enabled ? 1 : 0, version: 1, created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError('conflict', `An MCP server named "${config.name}" already exists`);
    const created = toServerRecord(row);
    await recordAuditEvent(trx, { actor, action: 'server.create', target: serverTarget(config.name), before: null, after: configOf(created) });
    return created;
  });
  await publishChange({ kind: 'servers' });
  return record;
}

/** What `updateServer` needs. */
export interface UpdateServerOptions {
  db: Db;
  actor: Actor;
  /** The version the caller last read; the change is refused when the server has moved on. */
  expectedVersion?: number;
  config: ServerConfig;
  /** As for `createServer`. */
  isEgressChecked?: boolean;
  /**
   * The version of the server's history this change brings back (a restore): audited as
   * `server.restore`, and a reference to a secret deleted since is kept (the server is
   * unavailable, naming it, until the secret is back), as a restored agent keeps a vanished tool.
   */
  restoredFrom?: number;
}

/**
 * Replaces a server's configuration (enable, disable, edit) and raises its version. AppError
 * `forbidden` (a stdio server before or after needs `servers:stdio`), `invalid` (a new URL the
 * egress policy refuses, on `/url`), `not_found`,
 * `precondition_required`, `precondition_failed` with the current server. A change that changes
 * nothing writes nothing.
 */
export async function updateServer({ db, actor, expectedVersion, config, isEgressChecked = false, restoredFrom }: UpdateServerOptions): Promise<ServerRecord> {
  authorize(actor, 'agents:write');
  // A new URL is checked before the row is locked (a lookup may take a moment); an unchanged one
  // (disabling a server that is now blocked, say) is not, and each connection checks it anyway.
  const before = !isEgressChecked && isStorableText(config.name) ? await db.selectFrom('mcp_servers').selectAll().where('name', '=', config.name).executeTakeFirst() : undefined;
  const beforeConfig = before ? configOf(toServerRecord(before)) : undefined;
  if (!isEgressChecked && (beforeConfig?.transport !== 'http' || config.transport !== 'http' || beforeConfig.url !== config.url)) await checkServerEgress(config);
  const record = await inTransaction(db, async (trx) => {
    const current = await lockServer(trx, config.name);
    authorizeServerChange(actor, current, config);
    authorizeSecretUse(actor, configOf(current), config);
    checkVersion(`MCP server "${config.name}"`, current.version, expectedVersion, () => current);
    if (isSameConfig(configOf(current), config)) return { changed: false, server: current };
    if (config.transport !== current.transport || config.enabled) checkStdioAllowed(config);
    await checkReferences(trx, config, { keepMissingSecrets: restoredFrom !== undefined });
    const row = await trx
      .updateTable('mcp_servers')
      .set({ ...toConfigColumns(config), enabled: config.enabled ? 1 : 0, version: current.version + 1, updated_at: new Date().toISOString() })
      .where('name', '=', config.name)
      .returningAll()
      .executeTakeFirstOrThrow();
    const updated = toServerRecord(row);
    const after = restoredFrom === undefined ? configOf(updated) : { ...configOf(updated), restoredFrom };
    await recordAuditEvent(trx, { actor, action: restoredFrom === undefined ? 'server.update' : 'server.restore', target: serverTarget(config.name), before: configOf(current), after });
    return { changed: true, server: updated };
  });
  if (record.changed) await publishChange({ kind: 'servers' });
  return record.server;
}

/**
 * Removes a server; its connection closes on every instance and assignments to its tools stay
 * (shown missing until a server of that name comes back). AppError `forbidden`, `not_found`,
 * `precondition_required`, `precondition_failed`.
 */
export async function deleteServer({ db, actor, name, expectedVersion }: { db: Db; actor: Actor; name: string; expectedVersion?: number }): Promise<{ name: string }> {
  authorize(actor, 'agents:write');
  await inTransaction(db, async (trx) => {
    const current = await lockServer(trx, name);
    authorizeServerChange(actor, current);
    checkVersion(`MCP server "${name}"`, current.version, expectedVersion, () => current);
    await trx.deleteFrom('mcp_servers').where('name', '=', name).execute();
    await forgetServerHistory(trx, name);
    await recordAuditEvent(trx, { actor, action: 'server.delete', target: serverTarget(name), before: configOf(current), after: null });
  });
  await publishChange({ kind: 'servers' });
  return { name };
}

function isSameConfig(a: ServerConfig, b: ServerConfig): boolean {
  const columnsA = toConfigColumns(a);
  const columnsB = toConfigColumns(b);
  return a.enabled === b.enabled && columnsA.transport === columnsB.transport && columnsA.config === columnsB.config;
}

/** Reads a server and locks its row until the transaction ends (see `lockAgent`); AppError `not_found`. */
async function lockServer(trx: Db, name: string): Promise<ServerRecord> {
  const row = isStorableText(name)
    ? await trx
        .updateTable('mcp_servers')
        .set((eb) => ({ version: eb.ref('version') }))
        .where('name', '=', name)
        .returningAll()
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError('not_found', `MCP server "${name}" was not found`);
  return toServerRecord(row);
}
