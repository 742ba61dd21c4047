import 'server-only';
import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/**
 * PostgreSQL as Kysely's dialect has it, but introspected (by the migrator) in the connection's
 * own schema only. Kysely's introspector reads every schema of the database, looking each one
 * up by name as it goes: one that another client drops meanwhile (the tests share a server, a
 * schema each, made and dropped all day) fails the read with "schema … does not exist", and so
 * the migration, although our schema is there. The app's tables live in one schema anyway.
 */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

interface ColumnRow {
  table: string;
  schema: string;
  kind: string;
  column: string;
  type: string;
  typeSchema: string;
  isNotNull: boolean;
  hasDefault: boolean;
  comment: string | null;
  serialSequence: string | null;
}

class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows;
  }

  /** The tables and views of `current_schema()`, with their columns, as Kysely's introspector describes them. */
  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as "table", ns.nspname as "schema", c.relkind as "kind", a.attname as "column",
        typ.typname as "type", dtns.nspname as "typeSchema", a.attnotnull as "isNotNull", a.atthasdef as "hasDefault",
        col_description(a.attrelid, a.attnum) as "comment",
        pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) as "serialSequence"
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on c.oid = a.attrelid
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace dtns on dtns.oid = typ.typnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum >= 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.db);
    const internal = new Set<string>([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && internal.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] };
        tables.set(row.table, table);
      }
      (table.columns as TableMetadata['columns'][number][]).push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.typeSchema,
        isNullable: !row.isNotNull,
        hasDefaultValue: row.hasDefault,
        isAutoIncrementing: row.serialSequence !== null,
        comment: row.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}
