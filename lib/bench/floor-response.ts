import 'server-only';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { etagOf } from '@/lib/catalogue/etag';
import { getDb } from '@/lib/db/get-db';
import { ProblemError } from '@/lib/http/problem';
import { getToolRegistry } from '@/lib/registry-host';

/** The answers a floor sends as they are, read from the folder once (the bench writes them first). */
const FLOOR_FILES = { catalogue: 'catalogue.json', assignment: 'assignment.json', usage: 'usage.json' } as const;

const read = new Map<string, { bytes: Uint8Array<ArrayBuffer>; etag: string }>();

/**
 * The bench's floor (`npm run bench`, scripts/bench/server-figures.ts): the least a route handler
 * of this very build does for the answers the bench times, so each route is measured against the
 * framework it runs in rather than against a bare server. `GET catalogue` answers the catalogue's
 * bytes as the bench saved them from `GET /api/v1/tools`; `POST invoke` reads the JSON body and
 * runs `word_count` through the process's registry with those arguments; `PUT assignment` reads
 * the body, commits one write of the assignment `?agent=…&tool=…` names (its `updated_at`, in a
 * transaction of its own: the durable commit, an fsync on SQLite, that any save pays) and answers
 * the bytes of a saved assignment; `GET usage` the bytes of a saved usage answer. No session,
 * no checks, no audit.
 *
 * Off unless BENCH_FLOOR_DIR names the folder of those saved answers (only the bench sets it, on
 * a server it starts for itself): otherwise every request is answered 404, as an address no route
 * serves. Never set it in a deployment: the floor answers anyone, the catalogue included.
 */
export async function floorResponse(request: Request, kind: string): Promise<Response> {
  const folder = process.env.BENCH_FLOOR_DIR?.trim();
  if (!folder) throw notFound(request);
  if (kind === 'invoke' && request.method === 'POST') return invoked(request);
  if (kind === 'catalogue' && request.method === 'GET') return saved(folder, 'catalogue', 'private, no-cache');
  if (kind === 'usage' && request.method === 'GET') return saved(folder, 'usage', 'no-store');
  if (kind === 'assignment' && request.method === 'PUT') {
    await request.arrayBuffer();
    await commitOneWrite(new URL(request.url).searchParams);
    return saved(folder, 'assignment', 'no-store');
  }
  throw notFound(request);
}

function saved(folder: string, name: keyof typeof FLOOR_FILES, cacheControl: string): Response {
  // The bench's own folder, given at run time: nothing for the build to trace (it would take in the whole project).
  const file = path.join(/*turbopackIgnore: true*/ folder, FLOOR_FILES[name]);
  let answer = read.get(file);
  if (!answer) {
    const bytes = new Uint8Array(readFileSync(/*turbopackIgnore: true*/ file));
    answer = { bytes, etag: etagOf(new TextDecoder().decode(bytes)) };
    read.set(file, answer);
  }
  return new Response(answer.bytes, { headers: { 'content-type': 'application/json', 'cache-control': cacheControl, etag: answer.etag } });
}

async function invoked(request: Request): Promise<Response> {
  const started = performance.now();
  const body = (await request.json()) as { arguments: Record<string, unknown> };
  const sessionId = randomUUID();
  const tool = (await getToolRegistry()).resolve({ agentId: 'bench', toolName: 'word_count', overrides: {} }, { agentId: 'bench', sessionId, purpose: 'call' });
  const result = await tool.execute(body.arguments);
  return Response.json({ result, durationMs: performance.now() - started, sessionId }, { headers: { 'cache-control': 'no-store' } });
}

async function commitOneWrite(query: URLSearchParams): Promise<void> {
  const db = await getDb();
  await db.transaction().execute((trx) =>
    trx
      .updateTable('assignments')
      .set({ updated_at: new Date().toISOString() })
      .where('agent_id', '=', query.get('agent') ?? '')
      .where('tool_name', '=', query.get('tool') ?? '')
      .execute(),
  );
}

function notFound(request: Request): ProblemError {
  return new ProblemError(404, `No resource at ${new URL(request.url).pathname}.`);
}
