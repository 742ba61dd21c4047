import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Permission } from '@/lib/auth/permissions';
import { actorFromRequest } from '@/lib/auth/request-actor';
import { recordAuditEventNow } from '@/lib/audit/record-audit-event-now';
import { getDb } from '@/lib/db/get-db';
import type { Db } from '@/lib/db/schema';
import { errorResponse } from './error-response';

/** Route parameters as Next.js passes them to a route handler: a promise of strings. */
export interface RouteContext<P> {
  params: Promise<P>;
}

/** What a route needs of its caller: one permission, or just to be signed in (or hold a token). */
export interface ApiRouteOptions {
  permission: Permission | 'signed-in';
}

/** A handler's view of one request: the request, its already-awaited route parameters and who sent it. */
export type ApiHandler<P> = (request: Request, params: P, actor: Actor) => Promise<Response>;

/**
 * Wraps one `/api/v1` route handler: finds the actor (Bearer token or session cookie; 401
 * without), checks the route's permission (403, audited), awaits the parameters and turns
 * whatever the handler throws into a problem details answer (see `errorResponse`). A route
 * cannot be written without naming its permission.
 */
export function apiRoute<P extends Record<string, string | string[]> = Record<string, string>>(
  { permission }: ApiRouteOptions,
  handler: ApiHandler<P>,
): (request: Request, context: RouteContext<P>) => Promise<Response> {
  return async (request, context) => {
    let db: Db | undefined;
    let actor: Actor | null = null;
    try {
      db = await getDb();
      actor = await actorFromRequest(db, request);
      if (!actor) throw new AppError('unauthenticated', 'Sign in, or send an API token as "Authorization: Bearer <token>"');
      if (permission !== 'signed-in') authorize(actor, permission);
      return await handler(request, await context.params, actor);
    } catch (error) {
      if (db && actor && error instanceof AppError && error.code === 'forbidden') await auditDenied(db, actor, request, error);
      return errorResponse(error);
    }
  };
}

/** Wraps a route that answers without a session (sign-in, setup): errors become problem details. */
export function publicApiRoute(handler: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      return await handler(request);
    } catch (error) {
      return errorResponse(error);
    }
  };
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
