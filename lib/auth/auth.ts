import 'server-only';
import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import type { Kysely } from 'kysely';
import { dialectOf } from '@/lib/db/dialect-of';
import type { Db } from '@/lib/db/schema';
import { setupCredential } from '@/lib/process/setup-credentials';
import { authSchemaOptions } from './auth-options';
import { publicUrl } from './public-url';

function createAuth(db: Db, secret: string) {
  const url = publicUrl();
  return betterAuth({
    ...authSchemaOptions(),
    appName: 'Tools Admin',
    // Its warnings name each wrong password and unknown account; the audit log records those.
    logger: { level: 'error' },
    baseURL: url.origin,
    secret,
    database: { db: db as unknown as Kysely<unknown>, type: dialectOf(db) },
    advanced: {
      cookiePrefix: 'tools-admin',
      useSecureCookies: url.protocol === 'https:',
      // Addresses come from lib/auth/client-address (TRUST_PROXY), not from headers Better Auth would trust.
      ipAddress: { disableIpTracking: true },
    },
  });
}

/** The Better Auth instance of one database. */
export type Auth = ReturnType<typeof createAuth>;

const host = globalThis as typeof globalThis & { toolsAdminAuth?: WeakMap<Db, Promise<Auth>> };

/**
 * Better Auth over `db` (made once per database and held on `globalThis`). Its secret is
 * BETTER_AUTH_SECRET, or one generated on first start and stored in the database, so every
 * instance on one PostgreSQL signs cookies alike.
 */
export function getAuth(db: Db): Promise<Auth> {
  const cache = (host.toolsAdminAuth ??= new WeakMap());
  let auth = cache.get(db);
  if (!auth) {
    auth = authSecret(db).then((secret) => createAuth(db, secret));
    cache.set(db, auth);
  }
  return auth;
}

async function authSecret(db: Db): Promise<string> {
  const fromEnv = setupCredential('BETTER_AUTH_SECRET')?.trim();
  if (fromEnv) return fromEnv;
  await db
    .insertInto('app_secrets')
    .values({ name: 'better-auth', value: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', 'better-auth').executeTakeFirstOrThrow();
  return row.value;
}
