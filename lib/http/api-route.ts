import 'server-only';
import { AppError } from '@/lib/app-error';
import { agentNotFound } from '@/lib/agents/agent-not-found';
import { mayReachAgent, type Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Permission } from '@/lib/auth/permissions';
import { actorFromRequest } from '@/lib/auth/request-actor';
import { recordTokenAgentUse } from '@/lib/auth/token-agent-uses';
import { recordAuditEventNow } from '@/lib/audit/record-audit-event-now';
import { getDb } from '@/lib/db/get-db';
import type { Db } from '@/lib/db/schema';
import { getToolRegistry } from '@/lib/registry-host';
import type { ToolRegistry } from '@/registry';
import { errorResponse } from './error-response';
import { requestIdOf } from './request-id';
import { agentOfRoute } from './route-agent';
import { inRequestSpan } from '@/lib/telemetry/request-span';

/** Route parameters as Next.js passes them to a route handler: a promise of strings. */
export interface RouteContext<P> {
  params: Promise<P>;
}

/** What a route needs of its caller: one permission, or just to be signed in (or hold a token). */
export interface ApiRouteOptions<P = Record<string, string>> {
  permission: Permission | 'signed-in';
  /** Told of a refused request (403) after it is audited, e.g. to count a denied tool call; must not throw. */
  onDenied?(context: { db: Db; actor: Actor; params: P }): Promise<void>;
  /** The `WWW-Authenticate` of a 401, for an OAuth protected resource (RFC 9728: where its metadata is). */
  challenge?(request: Request, params: P): string;
}

/** What every handler is handed: who sent the request, the process's database and its tool registry. */
export interface ApiContext {
  actor: Actor;
  db: Db;
  registry: ToolRegistry;
}

/** A handler's view of one request: the request, its already-awaited route parameters, and its {@link ApiContext}. */
export type ApiHandler<P> = (request: Request, params: P, context: ApiContext) => Promise<Response>;

/**
 * Wraps one `/api/v1` route handler: finds the actor (Bearer token or session cookie; 401
 * without), answers an `/agents/{id}/…` route outside a token's agent set with the same 404 as a
 * missing agent (and notes a token's successful use of an agent), checks the route's permission (403, audited), awaits the parameters, hands the
 * handler the actor, the database and the tool registry (booted on first use, and only once the
 * caller is let in), and turns whatever the handler throws into a problem details answer (see
 * `errorResponse`). A route cannot be written without naming its permission. Every problem
 * names the request's id.
 */
export function apiRoute<P extends Record<string, string | string[]> = Record<string, string>>(
  { permission, onDenied, challenge }: ApiRouteOptions<P>,
  handler: ApiHandler<P>,
): (request: Request, context: RouteContext<P>) => Promise<Response> {
  return (request, context) => inRequestSpan(request, () => answer(request, context));
  async function answer(request: Request, context: RouteContext<P>): Promise<Response> {
    let db: Db | undefined;
    let actor: Actor | null = null;
    try {
      db = await getDb();
      actor = await actorFromRequest(db, request);
      if (!actor) throw new AppError('unauthenticated', 'Sign in, or send an API token as "Authorization: Bearer <token>"');
      const params = await context.params;
      // Before the permission: an agent outside a token's set is, to it, one that does not exist.
      const agentId = agentOfRoute(request, params);
      if (agentId !== undefined && !mayReachAgent(actor, agentId)) throw agentNotFound(agentId);
      if (permission !== 'signed-in') authorize(actor, permission);
      const registry = await getToolRegistry();
      const response = await handler(request, params, { actor, db, registry });
      if (agentId !== undefined && actor.kind === 'token' && response.ok) await noteTokenAgentUse(db, actor.tokenId, agentId);
      return response;
    } catch (error) {
      if (db && actor && error instanceof AppError && error.code === 'forbidden') {
        await auditDenied(db, actor, request, error);
        if (onDenied) await onDenied({ db, actor, params: await context.params }).catch((hookError: unknown) => console.error('A denied request\'s hook failed', hookError));
      }
      const response = errorResponse(error, requestIdOf(request));
      if (challenge && response.status === 401) response.headers.set('www-authenticate', challenge(request, await context.params));
      return response;
    }
  }
}

/** Wraps a route that answers without a session (health, metrics): errors become problem details. */
export function publicApiRoute(handler: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      return await handler(request);
    } catch (error) {
      return errorResponse(error, requestIdOf(request));
    }
  };
}

/** Wraps a route that writes without a session (sign-in, setup): it is handed the database; errors become problem details. */
export function publicWriteRoute(handler: (request: Request, context: { db: Db }) => Promise<Response>): (request: Request) => Promise<Response> {
  return publicApiRoute(async (request) => handler(request, { db: await getDb() }));
}

async function noteTokenAgentUse(db: Db, tokenId: string, agentId: string): Promise<void> {
  try {
    await recordTokenAgentUse(db, tokenId, agentId);
  } catch (error) {
    // The call was answered; only the "last used" time is late.
    console.error('Could not record a token\'s use of an agent', error);
  }
}

async function auditDenied(db: Db, actor: Actor, request: Request, error: AppError): Promise<void> {
  try {
    const { pathname } = new URL(request.url);
    await recordAuditEventNow(db, {
      actor,
      action: 'access.denied',
      target: pathname.replace(/^\//, ''),
      before: null,
      after: { method: request.method, permission: error.details.permission ?? null, reason: error.message },
    });
  } catch (auditError) {
    // The refusal stands whether or not it could be recorded.
    console.error('Could not record a denied request in the audit log', auditError);
  }
}
