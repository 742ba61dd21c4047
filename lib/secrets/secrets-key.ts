import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDirFor } from '@/lib/db/data-dir';
import { logger } from '@/lib/log/logger';
import { setupCredential } from '@/lib/process/setup-credentials';

/** The file a generated key is kept in, in the data folder (beside the SQLite file), never in the database. */
export const KEY_FILE_NAME = 'secrets.key';

const KEY_BYTES = 32;

/** What `loadSecretsKey` reads; the defaults are the process's. */
export interface LoadSecretsKeyOptions {
  /** SECRETS_KEY as the operator set it: 32 bytes, base64 or hex. */
  configured?: string;
  /** Where a generated key is kept. */
  dataDir?: string;
  warn?: (line: string) => void;
}

/**
 * The store's 32-byte AES key: SECRETS_KEY (base64 or hex of 32 bytes; anything else is refused
 * with an Error that says what is wrong, never the key), or else the key kept in
 * `<data dir>/secrets.key`, generated once (mode 0600) with a warning naming the file. Whoever
 * reads that file and the database reads every secret: set SECRETS_KEY to keep them apart.
 */
export function loadSecretsKey({ configured, dataDir, warn }: LoadSecretsKeyOptions): Buffer {
  if (configured !== undefined && configured.trim() !== '') return parseSecretsKey(configured.trim());
  const file = path.join(dataDir ?? '.', KEY_FILE_NAME);
  try {
    return parseKeyFile(readFileSync(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // `wx`: a second process starting at the same moment keeps the first one's key.
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    (warn ?? ((line) => logger.warn(line)))(
      `SECRETS_KEY is not set: generated a key for the secret store and kept it in ${file} (mode 0600). Anyone who reads that file and the database can read every secret; set SECRETS_KEY (32 bytes, base64 or hex) and keep it apart from the data.`,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseKeyFile(readFileSync(file, 'utf8'), file);
}

/** 32 bytes from base64 or hex; an Error that names the rule (never the value) otherwise. */
export function parseSecretsKey(text: string, source = 'SECRETS_KEY'): Buffer {
  const hex = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : undefined;
  const base64 = /^[A-Za-z0-9+/_-]{43}=?$/.test(text) ? Buffer.from(text, 'base64') : undefined;
  const key = hex ?? base64;
  if (!key || key.length !== KEY_BYTES) {
    throw new Error(`${source} must be 32 random bytes written as 64 hex digits or 44 base64 characters (e.g. the output of "openssl rand -base64 32"); the one given is ${text.length} characters long`);
  }
  return key;
}

function parseKeyFile(text: string, file: string): Buffer {
  return parseSecretsKey(text.trim(), `The key file ${file}`);
}

const host = globalThis as typeof globalThis & { toolsAdminSecretsKeys?: Map<string, Buffer> };

/**
 * The process's key, read once per SECRETS_KEY and data folder (SECRETS_KEY is then gone from
 * `process.env`). Throws when SECRETS_KEY is malformed; `instrumentation.ts` calls it at start,
 * so the app refuses to start with a bad key.
 */
export function secretsKey(): Buffer {
  const configured = setupCredential('SECRETS_KEY');
  const dataDir = dataDirFor(process.env.DATABASE_URL);
  const keys = (host.toolsAdminSecretsKeys ??= new Map());
  const cacheKey = `${dataDir}\n${configured ?? ''}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = loadSecretsKey({ configured, dataDir });
    keys.set(cacheKey, key);
  }
  return key;
}
