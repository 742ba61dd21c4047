import 'server-only';
import type { Kysely, Migration } from 'kysely';

/**
 * The secret store: each value AES-256-GCM encrypted under SECRETS_KEY (or the key file beside
 * the data), with its nonce and tag; who set it and when. The key is never in the database.
 */
export function secretsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('secrets')
        .addColumn('name', 'text', (column) => column.primaryKey())
        // base64 of the ciphertext, the 12-byte nonce and the 16-byte tag.
        .addColumn('ciphertext', 'text', (column) => column.notNull())
        .addColumn('iv', 'text', (column) => column.notNull())
        .addColumn('tag', 'text', (column) => column.notNull())
        .addColumn('set_by', 'text', (column) => column.notNull())
        .addColumn('set_by_name', 'text', (column) => column.notNull())
        .addColumn('set_at', 'text', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('secrets').execute();
    },
  };
}
