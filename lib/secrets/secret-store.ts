import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { secretTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { Db } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';
import { inTransaction } from '@/lib/db/transaction';
import { publishChange } from '@/lib/events';
import { configSecretNames } from '@/lib/mcp-servers/server-config';
import { toServerRecord } from '@/lib/mcp-servers/server-record';
import { sealValue } from './secret-cipher';
import { MAX_SECRET_BYTES, SECRET_NAME_PATTERN, SECRET_NAME_RULE, type SecretSummary } from './secret-rules';

export type { SecretSummary };
import { secretsKey } from './secrets-key';

/** The names of every stored secret (for the reference checks; no permission: names only, never values). */
export async function secretNames(db: Db): Promise<Set<string>> {
  return new Set((await db.selectFrom('secrets').select('name').execute()).map((row) => row.name));
}

/** Server name → the secret names its configuration references. */
async function secretsByServer(db: Db): Promise<Map<string, string[]>> {
  const rows = await db.selectFrom('mcp_servers').selectAll().orderBy('name').execute();
  return new Map(rows.map((row) => [row.name, configSecretNames(toServerRecord(row))]));
}

function usedBy(byServer: ReadonlyMap<string, readonly string[]>, name: string): string[] {
  return [...byServer].filter(([, names]) => names.includes(name)).map(([server]) => server);
}

/** Every secret by name, with who set it, when and which servers use it; AppError `forbidden` without `secrets:manage`. */
export async function listSecrets({ db, actor }: { db: Db; actor: Actor }): Promise<SecretSummary[]> {
  authorize(actor, 'secrets:manage');
  const [rows, byServer] = await Promise.all([
    db.selectFrom('secrets').select(['name', 'set_by', 'set_by_name', 'set_at']).orderBy('name').execute(),
    secretsByServer(db),
  ]);
  return rows.map((row) => ({ name: row.name, setBy: row.set_by, setByName: row.set_by_name, setAt: row.set_at, usedBy: usedBy(byServer, row.name) }));
}

/** What `putSecret` needs. */
export interface PutSecretOptions {
  db: Db;
  actor: Actor;
  name: string;
  value: string;
}

/**
 * Creates a secret, or replaces its value: sealed under the store's key, audited by name and
 * actor only, and every instance reconnects the servers that use it. AppError `forbidden`
 * without `secrets:manage`, `invalid` (name rule, empty or too large a value, NUL).
 */
export async function putSecret({ db, actor, name, value }: PutSecretOptions): Promise<{ isCreated: boolean; secret: SecretSummary }> {
  authorize(actor, 'secrets:manage');
  checkName(name);
  const problem = valueProblem(value);
  if (problem) throw new AppError('invalid', problem, { errors: [{ pointer: '/value', message: problem }] });
  const sealed = sealValue(secretsKey(), name, value);
  const setAt = new Date().toISOString();
  const result = await inTransaction(db, async (trx) => {
    const before = await trx.selectFrom('secrets').select(['name', 'set_by', 'set_at']).where('name', '=', name).executeTakeFirst();
    const row = { ...sealed, set_by: actor.id, set_by_name: actor.displayName, set_at: setAt };
    await trx
      .insertInto('secrets')
      .values({ name, ...row })
      .onConflict((conflict) => conflict.column('name').doUpdateSet(row))
      .execute();
    await recordAuditEvent(trx, {
      actor,
      action: before ? 'secret.update' : 'secret.create',
      target: secretTarget(name),
      before: before ? { name, setBy: before.set_by, setAt: before.set_at } : null,
      after: { name, setBy: actor.id, setAt },
    });
    return { isCreated: !before, usedBy: usedBy(await secretsByServer(trx), name) };
  });
  await publishChange({ kind: 'servers' });
  return { isCreated: result.isCreated, secret: { name, setBy: actor.id, setByName: actor.displayName, setAt, usedBy: result.usedBy } };
}

/**
 * Deletes a secret. Refused while a server references it (AppError `conflict` naming them:
 * nothing is taken from a server behind an admin's back); AppError `forbidden`, `not_found`.
 */
export async function deleteSecret({ db, actor, name }: { db: Db; actor: Actor; name: string }): Promise<{ name: string }> {
  authorize(actor, 'secrets:manage');
  await inTransaction(db, async (trx) => {
    const row = isStorableText(name) ? await trx.selectFrom('secrets').select(['name', 'set_by', 'set_at']).where('name', '=', name).executeTakeFirst() : undefined;
    if (!row) throw new AppError('not_found', `The secret "${name}" does not exist`);
    const servers = usedBy(await secretsByServer(trx), name);
    if (servers.length > 0) {
      const list = servers.map((server) => `"${server}"`).join(', ');
      throw new AppError('conflict', `The secret "${name}" is used by the MCP server${servers.length === 1 ? '' : 's'} ${list}: change ${servers.length === 1 ? 'it' : 'them'} to stop referencing it first`);
    }
    await trx.deleteFrom('secrets').where('name', '=', name).execute();
    await recordAuditEvent(trx, { actor, action: 'secret.delete', target: secretTarget(name), before: { name, setBy: row.set_by, setAt: row.set_at }, after: null });
  });
  await publishChange({ kind: 'servers' });
  return { name };
}

function checkName(name: string): void {
  if (!SECRET_NAME_PATTERN.test(name)) throw new AppError('invalid', SECRET_NAME_RULE, { errors: [{ pointer: '/name', message: SECRET_NAME_RULE }] });
}

/** Why a value cannot be stored, or undefined. Never quotes the value. */
export function valueProblem(value: string): string | undefined {
  if (value === '') return 'Give the secret a value';
  if (!isStorableText(value)) return 'A secret\'s value must not contain U+0000 (NUL)';
  const size = Buffer.byteLength(value, 'utf8');
  if (size > MAX_SECRET_BYTES) return `A secret's value is at most ${MAX_SECRET_BYTES / 1024} KiB; this one is ${size} bytes`;
  return undefined;
}
