import 'server-only';
import { getMigrations } from 'better-auth/db/migration';
import type { Kysely, Migration } from 'kysely';
import { authSchemaOptions } from '@/lib/auth/auth-options';
import type { DatabaseKind } from '../dialect-of';

/**
 * Better Auth's tables (`auth_user`, `auth_session`, `auth_account`, `auth_verification`), as
 * its own migration planner makes them from the options the app runs with. Inside the app's
 * Migrator, so its lock keeps two instances starting at once from racing. A Better Auth
 * upgrade that changes its tables adds another entry calling this again: the plan is a diff.
 */
export function betterAuthMigration(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const { runMigrations } = await getMigrations({ ...authSchemaOptions(), database: { db, type: kind } });
      await runMigrations();
    },
  };
}
