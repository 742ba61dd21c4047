import 'server-only';
import type { Selectable } from 'kysely';
import type { McpServersTable } from '@/lib/db/schema';
import { secretValueProblem, type ServerConfig } from './server-config';

/** A stored server: its configuration and its version (the ETag). */
export type ServerRecord = ServerConfig & { version: number; createdAt: string; updatedAt: string };

/** What is shown instead of a literal credential in a row stored before the secret store. */
export const HIDDEN_CREDENTIAL = '(hidden: a credential stored as a value; replace it with a ${secret:NAME} reference)';

/**
 * Entries as the app sees them: a literal credential that a row stored before today's rules still
 * holds is never read out (not shown, exported, audited or sent); the row itself is left as it is,
 * and the server is `invalid` until it is changed.
 */
export function hideCredentials(entries: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(entries).map(([key, value]) => [key, secretValueProblem(key, value) ? HIDDEN_CREDENTIAL : value]));
}

/** A stored row as the app sees it. */
export function toServerRecord(row: Selectable<McpServersTable>): ServerRecord {
  const config = JSON.parse(row.config) as Record<string, unknown>;
  const base = { name: row.name, enabled: row.enabled === 1, version: row.version, createdAt: row.created_at, updatedAt: row.updated_at };
  if (row.transport === 'http') {
    return { ...base, transport: 'http', url: String(config.url ?? ''), headers: hideCredentials((config.headers ?? {}) as Record<string, string>) };
  }
  return {
    ...base,
    transport: 'stdio',
    command: String(config.command ?? ''),
    args: (config.args ?? []) as string[],
    env: hideCredentials((config.env ?? {}) as Record<string, string>),
  };
}

/** The row's `transport` and `config` columns of a configuration. */
export function toConfigColumns(config: ServerConfig): { transport: string; config: string } {
  return config.transport === 'http'
    ? { transport: 'http', config: JSON.stringify({ url: config.url, headers: config.headers }) }
    : { transport: 'stdio', config: JSON.stringify({ command: config.command, args: config.args, env: config.env }) };
}

/** The configuration part of a record, without version and times (what the audit log compares). */
export function configOf(record: ServerRecord): ServerConfig {
  if (record.transport === 'http') {
    return { name: record.name, enabled: record.enabled, transport: 'http', url: record.url, headers: record.headers };
  }
  return { name: record.name, enabled: record.enabled, transport: 'stdio', command: record.command, args: record.args, env: record.env };
}
