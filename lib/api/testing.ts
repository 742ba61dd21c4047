import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { closeDatabases, dialectOf, getDb, type Db } from '@/lib/db';
import { describeEachDatabase } from '@/lib/db/testing';
import type { RouteContext } from '@/lib/http/api-route';

/** A temp SQLite database that `getDb()` answers for the rest of this test file. */
export interface TempDatabase {
  db: Db;
  close(): Promise<void>;
}

/**
 * Points `getDb()` at a new SQLite file without the demo seed. Call it before anything else
 * opens the database (vitest gives every test file its own process environment).
 */
export async function useTempDatabase(): Promise<TempDatabase> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'tools-admin-api-'));
  process.env.DATABASE_URL = `sqlite:${path.join(directory, 'test.sqlite')}`;
  process.env.SEED_DEMO = '0';
  const db = await getDb();
  return {
    db,
    async close() {
      await db.destroy();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The database the route handlers of one `describeApi` block use, through `getDb()`. */
export interface ApiTestDatabase {
  readonly kind: 'sqlite' | 'postgres';
  /** The same database as the handlers see it; set once the block's `beforeAll` has run. */
  readonly db: Db;
}

/**
 * Declares route tests once per database engine: a new SQLite file, and a new PostgreSQL
 * schema when TEST_DATABASE_URL is set. In each block `getDb()` (so every route handler)
 * answers that database, empty and without the demo seed.
 */
export function describeApi(title: string, body: (database: ApiTestDatabase) => void): void {
  describeEachDatabase(title, (databases) => {
    let db: Db | undefined;
    const database: ApiTestDatabase = {
      kind: databases.kind,
      get db() {
        if (!db) throw new Error('The test database is opened in beforeAll; use it inside a test or hook');
        return db;
      },
    };
    beforeAll(async () => {
      const { url } = await databases.create();
      process.env.DATABASE_URL = url;
      process.env.SEED_DEMO = '0';
      db = await getDb();
      if (dialectOf(db) !== databases.kind) throw new Error(`getDb() answered ${dialectOf(db)}, not ${databases.kind}`);
    });
    // Registered after the engine's own cleanup, so it runs first: connections close before schemas drop.
    afterAll(async () => {
      await closeDatabases();
    });
    body(database);
  });
}

/** What a test request carries: a JSON body (sent as application/json) or a raw one, and headers. */
export interface TestRequestInit {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Sent as the If-Match header when given. */
  ifMatch?: string;
}

/** A request to this app's API as Next.js would hand it to a route handler. */
export function apiRequest(pathname: string, init: TestRequestInit = {}): Request {
  const headers = new Headers(init.headers);
  if (init.ifMatch !== undefined) headers.set('if-match', init.ifMatch);
  let body = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  return new Request(new URL(pathname, 'http://127.0.0.1:3000'), {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    duplex: 'half',
  } as RequestInit);
}

type RouteHandler<P> = (request: Request, context: RouteContext<P>) => Promise<Response>;

/** Calls a route handler with `params`, as Next.js does: a promise. */
export function callRoute<P>(handler: RouteHandler<P>, request: Request, params: P): Promise<Response> {
  return handler(request, { params: Promise.resolve(params) });
}

/** Every row of the tables the API writes, to show that a refused request changed nothing. */
export async function snapshotTables(db: Db): Promise<unknown> {
  return {
    agents: await db.selectFrom('agents').selectAll().orderBy('id').execute(),
    assignments: await db.selectFrom('assignments').selectAll().orderBy('agent_id').orderBy('tool_name').execute(),
    audit: await db.selectFrom('audit_events').selectAll().orderBy('id').execute(),
  };
}
