import 'server-only';
import type { Db } from '@/lib/db/schema';
import { configSecretNames, type ReferenceLookup, type ServerConfig } from '@/lib/mcp-servers/server-config';
import { envAllowlist } from './references';
import { openValue } from './secret-cipher';
import { secretsKey } from './secrets-key';

/** What `referenceLookup` reads: the database with the secrets, and the environment with SERVER_ENV_ALLOWLIST. */
export interface ReferenceLookupOptions {
  db: Db;
  config: ServerConfig;
  env?: Readonly<Record<string, string | undefined>>;
  /** The store's key; default the process's (`secretsKey()`). */
  key?: Buffer;
}

/**
 * The lookup a connection resolves a configuration's references with, applying the rule again
 * (whatever was saved): `${secret:NAME}` from the store, decrypted now; `${NAME}` only when
 * SERVER_ENV_ALLOWLIST allows it and it is set. Anything else throws an Error that names the
 * reference and never a value, so the server is unavailable with that reason.
 */
export async function referenceLookup({ db, config, env = process.env, key }: ReferenceLookupOptions): Promise<ReferenceLookup> {
  const names = configSecretNames(config);
  const rows = names.length === 0 ? [] : await db.selectFrom('secrets').select(['name', 'ciphertext', 'iv', 'tag']).where('name', 'in', names).execute();
  const sealed = new Map(rows.map((row) => [row.name, row]));
  const isEnvAllowed = envAllowlist(env.SERVER_ENV_ALLOWLIST);
  return (reference) => {
    if (reference.kind === 'secret') {
      const row = sealed.get(reference.name);
      if (!row) throw new Error(`${reference.text} cannot be resolved: the secret store has no secret "${reference.name}"`);
      return openValue(key ?? secretsKey(), reference.name, row);
    }
    if (!isEnvAllowed(reference.name)) throw new Error(`${reference.text} cannot be resolved: ${reference.name} is not listed in SERVER_ENV_ALLOWLIST`);
    const value = env[reference.name];
    if (value === undefined) throw new Error(`${reference.text} cannot be resolved: the app's environment does not set ${reference.name}`);
    return value;
  };
}
