import 'server-only';
import { AppError } from '@/lib/app-error';
import { can, type Actor } from '@/lib/auth/actor';
import { checkVersion } from '@/lib/check-version';
import type { Db } from '@/lib/db/schema';
import { isPlainObject } from '@/lib/json-pointer';

/** One change of a history: its audit event's action, target and the value before it. */
export interface HistoryEvent {
  action: string;
  target: string;
  toolName: string | null;
  before: unknown;
}

/**
 * What makes a history of one kind of object (agent, MCP server, workflow) from the audit log:
 * the actions that change it, where its events are, what it is now, and how one change is undone.
 */
export interface HistoryKind<S> {
  /** The object in words, for messages: `Agent`, `MCP server`, `Workflow`. */
  noun: string;
  /** The audit actions that change the object, in any order. */
  actions: readonly string[];
  /** The action that (re)creates the object: its last one starts the history. */
  createAction: string;
  /** The audit column that holds the object's events: `agent_id` (the agent and its parts) or `target` (the object alone). */
  eventColumn: 'agent_id' | 'target';
  /** The value of `eventColumn` for the object. */
  eventKey(key: string): string;
  /** The object as stored now; AppError `not_found` without it. */
  current(db: Db, key: string): Promise<S>;
  /** The snapshot before `event`, from the snapshot after it. */
  undo(after: S, event: HistoryEvent): S;
}

/** One version of an object: the state after one audited change. */
export interface VersionRecord<S> {
  /** 1 for the oldest change kept, counting up; the newest is the object as it is now. */
  version: number;
  /** ISO 8601 time of the change. */
  at: string;
  actor: string;
  actorName: string;
  action: string;
  /** The changed part, e.g. `agents/<id>/tools/<tool>`, `servers/<name>`, `workflows/<name>`. */
  target: string;
  /** For a restore: the version it brought back. */
  restoredFrom?: number;
  snapshot: S;
}

/** One version in a list: who changed what, when; `actor` and `actorName` only for readers of the audit log. */
export type VersionSummary = Omit<VersionRecord<unknown>, 'snapshot' | 'actor' | 'actorName'> & { actor?: string; actorName?: string };

/**
 * Every version of an object, oldest first, from its audit events since it was last created: the
 * newest is the stored object, and each earlier one is the later one with the change's `before`
 * put back. No permission check: callers check theirs.
 */
export async function readHistory<S>(db: Db, kind: HistoryKind<S>, key: string): Promise<VersionRecord<S>[]> {
  const now: S = await kind.current(db, key);
  const rows = await db
    .selectFrom('audit_events')
    .select(['id', 'at', 'actor_id', 'actor_name', 'action', 'target', 'tool_name', 'before', 'after'])
    .where(kind.eventColumn, '=', kind.eventKey(key))
    .where('action', 'in', [...kind.actions])
    .orderBy('id', 'asc')
    .execute();
  // An object deleted and made again under the same key starts a new history.
  const lastCreate = rows.findLastIndex((row) => row.action === kind.createAction);
  const kept = lastCreate < 0 ? rows : rows.slice(lastCreate);
  const versions: VersionRecord<S>[] = new Array<VersionRecord<S>>(kept.length);
  let snapshot: S = now;
  for (let index = kept.length - 1; index >= 0; index -= 1) {
    const row = kept[index]!;
    const before = row.before === null ? null : (JSON.parse(row.before) as unknown);
    const after = row.after === null ? null : (JSON.parse(row.after) as unknown);
    const restoredFrom = row.action.endsWith('.restore') && isPlainObject(after) ? after.restoredFrom : undefined;
    versions[index] = {
      version: index + 1,
      at: row.at,
      actor: row.actor_id,
      actorName: row.actor_name ?? row.actor_id,
      action: row.action,
      target: row.target,
      ...(typeof restoredFrom === 'number' ? { restoredFrom } : {}),
      snapshot,
    };
    snapshot = kind.undo(snapshot, { action: row.action, target: row.target, toolName: row.tool_name, before });
  }
  return versions;
}

/** Who made a change is the audit log's to tell: a token (which cannot read the log) sees versions without names. */
export function versionSummary(actor: Actor, record: VersionRecord<unknown>): VersionSummary {
  const { version, at, action, target, restoredFrom } = record;
  const summary: VersionSummary = { version, at, action, target, ...(restoredFrom === undefined ? {} : { restoredFrom }) };
  return can(actor, 'audit:read') ? { ...summary, actor: record.actor, actorName: record.actorName } : summary;
}

/** One version of a history; AppError `not_found` naming the object when it has no such version. */
export function versionOf<S>(kind: HistoryKind<S>, key: string, history: readonly VersionRecord<S>[], version: number): VersionRecord<S> {
  const record = history.find((candidate) => candidate.version === version);
  if (!record) throw new AppError('not_found', `${kind.noun} "${key}" has no version ${version}`);
  return record;
}

/**
 * What a restore starts from: the version to bring back (`invalid` at `/version` when the history
 * lacks it) and the current one, with If-Match checked against the newest version
 * (`precondition_required`, `precondition_failed` with the current version). `checkFirst` runs
 * between the two, for the checks an edit makes of the restored content; what it returns is `checked`.
 */
export function restoreTarget<S, C>(
  kind: HistoryKind<S>,
  key: string,
  history: readonly VersionRecord<S>[],
  version: number,
  expectedVersion: number | undefined,
  checkFirst: (wanted: S, now: S) => C,
): { wanted: S; now: S; current: number; checked: C } {
  const record = history.find((candidate) => candidate.version === version);
  if (!record) {
    const message = history.length === 0 ? `${kind.noun} "${key}" has no recorded versions` : `${kind.noun} "${key}" has versions 1 to ${history.length}, not ${version}`;
    throw new AppError('invalid', `Version ${version} cannot be restored`, { errors: [{ pointer: '/version', message }] });
  }
  const now = history.at(-1)!.snapshot;
  const checked = checkFirst(record.snapshot, now);
  const current = history.length;
  checkVersion(`The history of ${kind.noun.toLowerCase()} "${key}"`, current, expectedVersion, () => ({ version: current }));
  return { wanted: record.snapshot, now, current, checked };
}

/** A stored whole-object snapshot (a `before` of an update, delete or restore) read back, or undefined when it is not one. */
export type SnapshotReader<S> = (value: unknown) => S | undefined;

/** `undo` for objects whose every event stores the whole object before it: the `before` when it reads as one. */
export function undoWholeObject<S>(read: SnapshotReader<S>): (after: S, event: HistoryEvent) => S {
  return (after, event) => read(event.before) ?? after;
}
