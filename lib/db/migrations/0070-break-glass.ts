import 'server-only';
import type { Kysely, Migration } from 'kysely';

/**
 * Break-glass admins (issue 37): `auth_user.breakGlass` is 1 for the admins an operator made
 * with `npm run admin`, the only accounts that still sign in with a password when
 * LOCAL_SIGN_IN=off. An integer on both databases, 0 for every existing user.
 */
export function breakGlassMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('auth_user').addColumn('breakGlass', 'integer', (column) => column.notNull().defaultTo(0)).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('auth_user').dropColumn('breakGlass').execute();
    },
  };
}
