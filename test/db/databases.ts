import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe } from 'vitest';
import type { DatabaseKind } from '@/lib/db/dialect-of';
import { openDatabase } from '@/lib/db/open-database';
import type { Db } from '@/lib/db/schema';

/**
 * Test support: run one suite against SQLite (a temporary file, always) and PostgreSQL (when
 * TEST_DATABASE_URL is set; then an unreachable server fails the suite instead of skipping
 * it). Each database a test creates is its own: a new SQLite file, or a new schema `t_<random>`
 * on the server, dropped after the file's tests, since other checkouts share the server.
 */

/** One engine's way to make databases for tests. */
export interface TestDatabases {
  kind: DatabaseKind;
  /** A new, empty, migrated database and the DATABASE_URL that reaches it; closed after the suite. */
  create(): Promise<{ url: string; db: Db }>;
  /** The DATABASE_URL of a new database with no tables yet, as on a first start. */
  createBlank(): Promise<string>;
  /** Another connection to a database `create` made, as a second process would open it; closed after the suite. */
  open(url: string): Promise<Db>;
}

/** The PostgreSQL server the tests use, from TEST_DATABASE_URL; undefined when unset. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

// CI sets REQUIRE_TEST_DATABASE=1: there a missing TEST_DATABASE_URL is a broken setup, not a
// laptop without PostgreSQL, so the suite refuses to start instead of skipping the PostgreSQL half.
if (process.env.REQUIRE_TEST_DATABASE === '1' && !TEST_DATABASE_URL) {
  throw new Error('REQUIRE_TEST_DATABASE=1 but TEST_DATABASE_URL is not set: the PostgreSQL tests would not run');
}

/** Declares `body` as one `describe` block per database engine. */
export function describeEachDatabase(title: string, body: (databases: TestDatabases) => void): void {
  describe(`${title} [sqlite]`, () => body(sqliteDatabases()));
  if (TEST_DATABASE_URL) {
    describe(`${title} [postgres]`, () => body(postgresDatabases(TEST_DATABASE_URL)));
  } else {
    describe.skip(`${title} [postgres] (skipped: set TEST_DATABASE_URL=postgres://… to run it)`, () =>
      body(postgresDatabases('postgres://unset')),
    );
  }
}

/** Declares `body` for SQLite only, for what concerns the embedded file (locking, crashes). */
export function describeSqlite(title: string, body: (databases: TestDatabases) => void): void {
  describe(`${title} [sqlite]`, () => body(sqliteDatabases()));
}

/** Databases of one engine: `createBlank` makes one, `dropAll` removes them after the suite's connections close. */
function testDatabases(kind: DatabaseKind, createBlank: () => Promise<string>, dropAll: () => Promise<void>): TestDatabases {
  const opened: Db[] = [];
  afterAll(async () => {
    await Promise.all(opened.splice(0).map((db) => db.destroy()));
    await dropAll();
  });
  const open = async (url: string, migrate = false) => {
    const db = await openDatabase({ url, migrate });
    opened.push(db);
    return db;
  };
  return {
    kind,
    async create() {
      const url = await createBlank();
      return { url, db: await open(url, true) };
    },
    createBlank,
    open: (url) => open(url),
  };
}

function sqliteDatabases(): TestDatabases {
  let folder: Promise<string> | undefined;
  return testDatabases(
    'sqlite',
    async () => {
      folder ??= mkdtemp(path.join(os.tmpdir(), 'tools-admin-db-'));
      return `sqlite:${path.join(await folder, `${randomName()}.sqlite`)}`;
    },
    async () => {
      if (folder) await rm(await folder, { recursive: true, force: true });
    },
  );
}

function postgresDatabases(serverUrl: string): TestDatabases {
  let admin: pg.Pool | undefined;
  const schemas: string[] = [];
  return testDatabases(
    'postgres',
    async () => {
      admin ??= new pg.Pool({ connectionString: serverUrl, max: 2, connectionTimeoutMillis: 10_000 });
      const schema = `t_${randomName()}`;
      // Recorded first, so a failure after creating it still drops it.
      schemas.push(schema);
      await admin.query(`create schema ${schema}`);
      const url = new URL(serverUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      return url.toString();
    },
    async () => {
      if (!admin) return;
      for (const schema of schemas.splice(0)) await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    },
  );
}

function randomName(): string {
  return randomBytes(6).toString('hex');
}
