import 'server-only';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { isJsonEqual } from '@/lib/json-equal';
import type { ToolRegistry } from '@/registry';
import { readHistory, restoreTarget, versionOf, versionSummary, type HistoryKind, type VersionSummary } from './read-history';

/**
 * A kind of object saved whole by one edit (an MCP server, a workflow), whose every audit event
 * holds the whole object before it: its history, and a restore that goes through its edit.
 */
export interface WholeObjectKind<F extends string, S, M> extends HistoryKind<S> {
  /** The field of a version's answer that holds the object: `server`, `workflow`. */
  field: F;
  /** The object's stored version (its ETag) for the actor: AppError `forbidden` without read access, `not_found`. */
  storedVersion(db: Db, actor: Actor, key: string): Promise<number>;
  /** A snapshot as answers show it (nothing secret). */
  shown(snapshot: S, registry: ToolRegistry): S;
  /** What of a snapshot no longer exists (kept by a restore, never dropped). */
  missing(db: Db, snapshot: S, registry: ToolRegistry): Promise<M>;
  /** Saves the snapshot through the object's edit, with all its checks, audited as a restore of `restoredFrom`. */
  save(options: { db: Db; actor: Actor; registry: ToolRegistry; key: string; snapshot: S; expectedVersion: number; restoredFrom: number }): Promise<void>;
}

/**
 * The history part of a kind whose audit actions are `<prefix>.create`, `.update` and `.restore`
 * (a delete ends the history, the next create starts a new one) on the target `targetOf(key)`.
 */
export function auditedWholeObject(prefix: string, targetOf: (key: string) => string): Pick<HistoryKind<unknown>, 'actions' | 'createAction' | 'eventColumn' | 'eventKey'> {
  return { actions: [`${prefix}.create`, `${prefix}.update`, `${prefix}.restore`], createAction: `${prefix}.create`, eventColumn: 'target', eventKey: targetOf };
}

/** What reading an object's versions needs. */
export interface ObjectVersionsOptions {
  db: Db;
  actor: Actor;
  key: string;
}

/** One version with what the object was then, and what of it no longer exists. */
export type ObjectVersion<F extends string, S, M> = VersionSummary & { [K in F]: S } & { missing: M };

/** What a restore did: the newest version after it (unchanged when there was nothing to restore), the object restored and what is missing. */
export type ObjectRestoreOutcome<F extends string, S, M> = { current: number; restoredFrom: number } & { [K in F]: S } & { missing: M };

/** The object's versions, oldest first, and the current one (0 when no change was recorded). AppError `forbidden`, `not_found`. */
export async function listObjectVersions<F extends string, S, M>(kind: WholeObjectKind<F, S, M>, { db, actor, key }: ObjectVersionsOptions): Promise<{ current: number; versions: VersionSummary[] }> {
  await kind.storedVersion(db, actor, key);
  const history = await readHistory(db, kind, key);
  return { current: history.length, versions: history.map((record) => versionSummary(actor, record)) };
}

/** One version; AppError `forbidden`, `not_found` for the object or a version it does not have. */
export async function getObjectVersion<F extends string, S, M>(
  kind: WholeObjectKind<F, S, M>,
  { db, actor, key, registry, version }: ObjectVersionsOptions & { registry: ToolRegistry; version: number },
): Promise<ObjectVersion<F, S, M>> {
  await kind.storedVersion(db, actor, key);
  const record = versionOf(kind, key, await readHistory(db, kind, key), version);
  return withContent(kind, versionSummary(actor, record), kind.shown(record.snapshot, registry), await kind.missing(db, record.snapshot, registry));
}

/** Every version with its content as `content`, oldest first (the history page). Errors as {@link listObjectVersions}. */
export async function readObjectHistory<F extends string, S, M>(
  kind: WholeObjectKind<F, S, M>,
  { db, actor, key, registry }: ObjectVersionsOptions & { registry: ToolRegistry },
): Promise<(VersionSummary & { content: S; missing: M })[]> {
  await kind.storedVersion(db, actor, key);
  const history = await readHistory(db, kind, key);
  return Promise.all(history.map(async (record) => ({ ...versionSummary(actor, record), content: kind.shown(record.snapshot, registry), missing: await kind.missing(db, record.snapshot, registry) })));
}

/**
 * Brings an object back to one of its versions as one new change through its edit: `agents:write`
 * (`forbidden`), the object (`not_found`), the version (`invalid` at `/version`), If-Match on the
 * newest version of its history (`precondition_required`, `precondition_failed`), then every
 * check of an edit (the edit's `invalid`, `forbidden`, `precondition_failed` if it changed meanwhile).
 * What no longer exists is kept and listed in `missing`. A restore that changes nothing writes nothing.
 */
export async function restoreObjectVersion<F extends string, S, M>(
  kind: WholeObjectKind<F, S, M>,
  { db, actor, key, registry, version, expectedVersion }: ObjectVersionsOptions & { registry: ToolRegistry; version: number; expectedVersion?: number },
): Promise<ObjectRestoreOutcome<F, S, M>> {
  authorize(actor, 'agents:write');
  const stored = await kind.storedVersion(db, actor, key);
  const history = await readHistory(db, kind, key);
  const { wanted, now, current } = restoreTarget(kind, key, history, version, expectedVersion, () => undefined);
  const missing = await kind.missing(db, wanted, registry);
  const changed = !isJsonEqual(wanted, now);
  // The stored version read before the history: a change in between makes the edit's If-Match fail.
  if (changed) await kind.save({ db, actor, registry, key, snapshot: wanted, expectedVersion: stored, restoredFrom: version });
  const outcome = { current: changed ? current + 1 : current, restoredFrom: version, [kind.field]: kind.shown(wanted, registry), missing };
  return outcome as ObjectRestoreOutcome<F, S, M>;
}

function withContent<F extends string, S, M>(kind: WholeObjectKind<F, S, M>, summary: VersionSummary, content: S, missing: M): ObjectVersion<F, S, M> {
  return { ...summary, [kind.field]: content, missing } as ObjectVersion<F, S, M>;
}
