import 'server-only';
import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Kysely } from 'kysely';
import { dialectOf } from '@/lib/db/dialect-of';
import type { Db } from '@/lib/db/schema';
import { setupCredential } from '@/lib/process/setup-credentials';
import { authSchemaOptions } from './auth-options';
import { signInSettings } from './oidc-config';
import { noteCreatedUser, oidcProviderConfig } from './oidc-provider-config';
import { publicUrl } from './public-url';

function createAuth(db: Db, secret: string) {
  const url = publicUrl();
  const schemaOptions = authSchemaOptions();
  const { oidc } = signInSettings();
  return betterAuth({
    ...schemaOptions,
    account: {
      ...schemaOptions.account,
      // An SSO identity joins an existing account of the same email only when the provider vouches for the email (email_verified).
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: false, disableImplicitLinking: false },
      // The provider's tokens are not needed after sign-in (lib/auth/oidc-sign-in removes them); never write them again.
      updateAccountOnSignIn: false,
    },
    // A first SSO sign-in creates the user; lib/auth/oidc-sign-in audits it and gives the mapped role.
    databaseHooks: { user: { create: { after: async (user) => noteCreatedUser(user.id) } } },
    plugins: [
      ...schemaOptions.plugins,
      // One provider, `oidc`, when OIDC_ISSUER is set: discovery, PKCE, state, nonce and ID token checks are the plugin's.
      genericOAuth({ config: oidc ? [oidcProviderConfig(oidc)] : [] }),
    ],
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
