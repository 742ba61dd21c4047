import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { closeDatabases, dialectOf, type Db } from '@/lib/db';
import { getDb } from '@/lib/db/get-db';
import { describeEachDatabase } from '@/test/db/databases';
import type { RouteContext } from '@/lib/http/api-route';
import { createUser } from '@/lib/auth/create-user';
import { ROLES, type Role } from '@/lib/auth/permissions';
import { signIn } from '@/lib/auth/sign-in';
import { OPERATOR } from '@/lib/auth/system-actors';
import { flushAuditEvents } from '@/lib/audit/record-audit-event-later';

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
      signedIn = await signInEveryRole(db);
    });
    // Registered after the engine's own cleanup, so it runs first: connections close before schemas drop.
    afterAll(async () => {
      signedIn = undefined;
      await closeDatabases();
    });
    body(database);
  });
}

/** The password of the users `describeApi` signs in, one per role (`<role>@example.test`). */
export const TEST_PASSWORD = 'a test password nobody guesses';

/** The session cookie of each role in the current `describeApi` block. */
let signedIn: Record<Role, string> | undefined;

async function signInEveryRole(db: Db): Promise<Record<Role, string>> {
  const cookies = await Promise.all(
    ROLES.map(async (role) => {
      const email = `${role}@example.test`;
      await createUser({ db, actor: OPERATOR, input: { email, role, password: TEST_PASSWORD } });
      const { setCookies } = await signIn({ db, email, password: TEST_PASSWORD, address: 'test', headers: new Headers() });
      return [role, setCookies.map((cookie) => cookie.split(';')[0]).join('; ')] as const;
    }),
  );
  return Object.fromEntries(cookies) as Record<Role, string>;
}

/**
 * The Cookie header of a signed-in user of `role` in the current `describeApi` block (a real
 * Better Auth session on its database). Throws outside such a block.
 */
export function sessionCookie(role: Role = 'admin'): string {
  if (!signedIn) throw new Error('Sessions exist inside describeApi blocks, once their beforeAll has run');
  return signedIn[role];
}

/** What a test request carries: a JSON body (sent as application/json) or a raw one, and headers. */
export interface TestRequestInit {
  /**
   * Who sends it: a role's session (default `admin` inside `describeApi`), `anonymous` for no
   * credentials at all, or `{ token }` for `Authorization: Bearer <token>`.
   */
  as?: Role | 'anonymous' | { token: string };
  method?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Sent as the If-Match header when given. */
  ifMatch?: string;
}

/**
 * A request to this app's API as Next.js would hand it to a route handler; inside `describeApi`
 * it is signed in as an admin unless `as` says otherwise.
 */
export function apiRequest(pathname: string, init: TestRequestInit = {}): Request {
  const headers = new Headers(init.headers);
  const as = init.as ?? (signedIn ? 'admin' : 'anonymous');
  if (typeof as === 'object') headers.set('authorization', `Bearer ${as.token}`);
  else if (as !== 'anonymous' && !headers.has('cookie')) headers.set('cookie', sessionCookie(as));
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

export type RouteHandler<P> = (request: Request, context: RouteContext<P>) => Promise<Response>;

/** Calls a route handler with `params`, as Next.js does: a promise. */
export function callRoute<P>(handler: RouteHandler<P>, request: Request, params: P): Promise<Response> {
  return handler(request, { params: Promise.resolve(params) });
}

/** Every row of the tables the API writes, to show that a refused request changed nothing. */
export async function snapshotTables(db: Db): Promise<unknown> {
  // Tool calls are audited just after they answer: count those too.
  await flushAuditEvents();
  return {
    agents: await db.selectFrom('agents').selectAll().orderBy('id').execute(),
    assignments: await db.selectFrom('assignments').selectAll().orderBy('agent_id').orderBy('tool_name').execute(),
    audit: await db.selectFrom('audit_events').selectAll().orderBy('id').execute(),
    users: await db.selectFrom('auth_user').selectAll().orderBy('id').execute(),
    sessions: await db.selectFrom('auth_session').selectAll().orderBy('id').execute(),
    tokens: await db.selectFrom('api_tokens').selectAll().orderBy('id').execute(),
    workflows: await db.selectFrom('workflows').selectAll().orderBy('name').execute(),
    rules: await db.selectFrom('agent_rules').selectAll().orderBy('agent_id').orderBy('group_name').execute(),
    servers: await db.selectFrom('mcp_servers').selectAll().orderBy('name').execute(),
  };
}
