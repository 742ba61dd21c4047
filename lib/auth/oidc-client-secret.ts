import 'server-only';
import type { Db } from '@/lib/db/schema';
import { openValue } from '@/lib/secrets/secret-cipher';
import { secretsKey } from '@/lib/secrets/secrets-key';
import { oidcClientSecretReference, rememberOidcClientSecret } from './oidc-config';

/**
 * At startup, before the sign-in settings are read: when OIDC_CLIENT_SECRET is
 * `${secret:NAME}`, reads that secret from the store and keeps its value in this process only
 * (never in process.env, a log line or an error). A missing secret leaves it unset, and the
 * settings check then names the reference.
 */
export async function loadOidcClientSecret(db: Db, env: Readonly<Record<string, string | undefined>> = process.env, key?: Buffer): Promise<void> {
  const name = oidcClientSecretReference(env);
  if (name === undefined) return;
  const row = await db.selectFrom('secrets').select(['name', 'ciphertext', 'iv', 'tag']).where('name', '=', name).executeTakeFirst();
  rememberOidcClientSecret(row ? openValue(key ?? secretsKey(), name, row) : undefined);
}
