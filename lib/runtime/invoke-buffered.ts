import 'server-only';
import type { z } from 'zod';
import { InvokeBodySchema } from '@/lib/api/runtime-schemas';
import type { TokenActor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { bearerSecret } from '@/lib/auth/request-actor';
import { verifyKeptToken, verifyToken } from '@/lib/auth/verify-token';
import { getDb, openedDb } from '@/lib/db/get-db';
import { errorResponse } from '@/lib/http/error-response';
import { readJsonBytes } from '@/lib/http/read-json-body';
import { isPlainObject } from '@/lib/json-pointer';
import { bootedToolRegistry, getToolRegistry } from '@/lib/registry-host';
import type { BufferedRequest, InvokeParams, JsonAnswer } from '@/scripts/front-door/fast-routes.mjs';
import { streamedInvokeResponse } from './streamed-invoke-response';
import { prepareKeptToolCall, prepareToolCall, type PrepareToolCallOptions } from './prepare-tool-call';

/** What `jsonResponse` sets besides the type `Response.json` gives. */
const JSON_HEADERS = { 'cache-control': 'no-store', 'content-type': 'application/json' };

/**
 * The invoke route for a request the front door has read whole (scripts/front-door/serve-fast.mjs):
 * the same checks and answers as `invokeRoute`, without a web Request, and a result as JSON the
 * front door writes itself. Only a valid Bearer token with the `runtime` scope is answered here;
 * anything else (a session cookie, a bad or unknown token, a missing scope) is left to the
 * route's own wrapper (undefined), which answers and audits it as it always does.
 */
export async function invokeBuffered(request: BufferedRequest, { id, toolName }: InvokeParams): Promise<Response | JsonAnswer | undefined> {
  const secret = bearerSecret(request.headers.authorization ?? '');
  if (secret === undefined) return undefined;
  // Without waiting when the database, the registry and the token are at hand (every call but
  // the first few of a runtime): each promise costs a turn and a copy of Next's async contexts.
  let db = openedDb();
  let registry = bootedToolRegistry();
  let actor: TokenActor | undefined;
  try {
    if (db) actor = verifyKeptToken({ db, secret });
    if (!db || !actor) {
      db ??= await getDb();
      actor = await verifyToken({ db, secret });
    }
    authorize(actor, 'runtime');
  } catch {
    return undefined;
  }
  try {
    const body = invokeBodyOf(readJsonBytes(request.headers['content-type'] ?? null, request.body));
    const options: PrepareToolCallOptions = {
      db,
      registry: registry ?? (registry = await getToolRegistry()),
      actor,
      agentId: id,
      toolName,
      arguments: body.arguments,
      sessionId: body.sessionId,
      // The front door writes the answer as soon as this resolves; the records follow it.
      recordAfter: setImmediate,
    };
    const call = prepareKeptToolCall(options) ?? (await prepareToolCall(options));
    if (call.streamsResultToUser) return streamedInvokeResponse(call);
    return { kind: 'json', status: 200, headers: JSON_HEADERS, body: JSON.stringify(await call.run()) };
  } catch (error) {
    const requestId = request.headers['x-request-id'];
    return errorResponse(error, typeof requestId === 'string' ? requestId : undefined);
  }
}

type InvokeBody = z.output<typeof InvokeBodySchema>;

/**
 * `InvokeBodySchema.parse`, with the common well-formed body taken as it is: a plain object of
 * `arguments` (a plain object) and perhaps `sessionId` (1 to 200 characters), nothing else.
 * Anything else goes through the schema, which accepts or refuses it with its own field errors.
 */
function invokeBodyOf(value: unknown): InvokeBody {
  if (isPlainObject(value) && Object.hasOwn(value, 'arguments') && isPlainObject(value.arguments)) {
    let keys = 0;
    for (const key in value) if (Object.hasOwn(value, key)) keys++;
    if (keys === 1) return { arguments: value.arguments };
    const { sessionId } = value;
    if (keys === 2 && Object.hasOwn(value, 'sessionId') && typeof sessionId === 'string' && sessionId.length >= 1 && sessionId.length <= 200) {
      return { arguments: value.arguments, sessionId };
    }
  }
  return InvokeBodySchema.parse(value);
}
