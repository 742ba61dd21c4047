import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { test } from './test';
import { startNextServer, type NextServer } from './next-server';

/** The PostgreSQL the tests may use (CI sets it); unset on a laptop without one. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/**
 * Inside a describe (or a test): skips where no PostgreSQL is configured, and fails instead
 * where CI says there must be one (REQUIRE_TEST_DATABASE=1), so CI never skips these tests.
 */
export function needsPostgres(why: string): void {
  if (process.env.REQUIRE_TEST_DATABASE === '1' && !testDatabaseUrl) throw new Error('REQUIRE_TEST_DATABASE=1 but TEST_DATABASE_URL is not set');
  test.skip(!testDatabaseUrl, `TEST_DATABASE_URL is not set: ${why} (CI sets it)`);
}

/** `url` with `schema` first on the search path: the same database, with tables of its own. */
export function urlWithSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

/** A fresh schema for one test, and a client outside the app to check what the app stored. */
export interface PostgresSchema {
  schema: string;
  /** TEST_DATABASE_URL with the schema first on the search path. */
  databaseUrl: string;
  admin: pg.Client;
}

/** Runs `run` with an empty schema of its own, dropped afterwards whatever happens. */
export async function withPostgresSchema<T>(prefix: string, run: (database: PostgresSchema) => Promise<T>): Promise<T> {
  const url = testDatabaseUrl ?? '';
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
    return await run({ schema, databaseUrl: urlWithSchema(url, schema), admin });
  } finally {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
}

/**
 * A `test.describe` of two-instance tests: skipped where no PostgreSQL is configured (CI, with
 * REQUIRE_TEST_DATABASE=1, fails instead), with the time two servers need to start.
 */
export function describeTwoInstances(title: string, body: () => void): void {
  test.describe(title, () => {
    needsPostgres('two instances need a shared PostgreSQL');
    test.setTimeout(180_000);
    body();
  });
}

/**
 * Two `next start` instances on one fresh PostgreSQL schema (no demo seed), at `ports`, stopped
 * afterwards whatever happens. They start together unless `oneAfterTheOther`.
 */
export async function withTwoInstances(
  ports: readonly [number, number],
  run: (a: NextServer, b: NextServer, database: PostgresSchema) => Promise<void>,
  { oneAfterTheOther = false }: { oneAfterTheOther?: boolean } = {},
): Promise<void> {
  await withPostgresSchema('e2e', async (database) => {
    const env = { DATABASE_URL: database.databaseUrl, SEED_DEMO: '0' };
    const started: NextServer[] = [];
    const start = async (port: number) => {
      const server = await startNextServer(port, env);
      started.push(server);
      return server;
    };
    try {
      if (oneAfterTheOther) {
        const a = await start(ports[0]);
        await run(a, await start(ports[1]), database);
      } else {
        // allSettled: when one fails to start, the other is still known, and stopped below.
        const [a, b] = await Promise.allSettled([start(ports[0]), start(ports[1])]);
        if (a.status === 'rejected') throw a.reason;
        if (b.status === 'rejected') throw b.reason;
        await run(a.value, b.value, database);
      }
    } finally {
      await Promise.all(started.map((server) => server.stop()));
    }
  });
}
