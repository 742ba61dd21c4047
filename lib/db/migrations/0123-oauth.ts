import 'server-only';
import type { Kysely, Migration } from 'kysely';

/**
 * OAuth 2.1 for MCP clients (issue 32): dynamically registered clients, the grants users give
 * them (which agents), single-use authorization codes with their PKCE challenge, and access and
 * refresh tokens bound to one agent (their audience). Codes and tokens are stored as SHA-256
 * hashes only; revoking a grant deletes its codes and tokens.
 */
export function oauthMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('oauth_clients')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('name', 'text', (column) => column.notNull())
        // JSON array of the redirect URIs it registered; an authorization request must name one exactly.
        .addColumn('redirect_uris', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('oauth_grants')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('client_id', 'text', (column) => column.notNull().references('oauth_clients.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (column) => column.notNull())
        // JSON array of the agent ids the user let the client reach.
        .addColumn('agent_ids', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('oauth_grants_user').on('oauth_grants').columns(['user_id', 'created_at']).execute();
      await db.schema
        .createTable('oauth_codes')
        .addColumn('code_hash', 'text', (column) => column.primaryKey())
        .addColumn('grant_id', 'text', (column) => column.notNull().references('oauth_grants.id').onDelete('cascade'))
        .addColumn('redirect_uri', 'text', (column) => column.notNull())
        .addColumn('code_challenge', 'text', (column) => column.notNull())
        .addColumn('agent_id', 'text', (column) => column.notNull())
        .addColumn('expires_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('oauth_tokens')
        .addColumn('token_hash', 'text', (column) => column.primaryKey())
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('grant_id', 'text', (column) => column.notNull().references('oauth_grants.id').onDelete('cascade'))
        .addColumn('agent_id', 'text', (column) => column.notNull())
        .addColumn('expires_at', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('oauth_tokens_grant').on('oauth_tokens').column('grant_id').execute();
      await db.schema.createIndex('oauth_codes_grant').on('oauth_codes').column('grant_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['oauth_tokens', 'oauth_codes', 'oauth_grants', 'oauth_clients']) await db.schema.dropTable(table).execute();
    },
  };
}
