import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Db } from '@/lib/db/schema';
import { nodeHeader, webHeadersOf, type NodeHeaders } from '@/lib/http/node-headers';
import type { Actor } from './actor';
import { actorFromSessionCookie, keptActorFromSessionCookie } from './session-actor';
import { verifyKeptToken, verifyToken } from './verify-token';

/** The secret of an `Authorization: Bearer <token>` header; undefined for any other value. */
export function bearerSecret(authorization: string): string | undefined {
  return /^Bearer +([A-Za-z0-9_-]{1,200}) *$/i.exec(authorization)?.[1];
}

/**
 * The credentials a request carries, read from its headers however the caller holds them (a web
 * `Request`, or Node's headers at the front door): each header's value, null when absent.
 */
export interface RequestCredentials {
  readonly authorization: string | null;
  readonly cookie: string | null;
  /** All of the request's headers, asked for only when Better Auth must verify a session this process has not kept. */
  headers(): Headers;
}

/**
 * Who sent an `/api/v1` request: the API token of `Authorization: Bearer …` (which wins), or
 * the user of the session cookie; null when neither is there. AppError `unauthenticated` for
 * an Authorization header that is not a valid Bearer token.
 */
export async function actorFromRequest(db: Db, request: Request): Promise<Actor | null> {
  return actorFromCredentials(db, {
    authorization: request.headers.get('authorization'),
    cookie: request.headers.get('cookie'),
    headers: () => request.headers,
  });
}

/** `actorFromRequest` for a caller who has the credentials without a web `Request` (the front door's catalogue answer). */
export async function actorFromCredentials(db: Db, { authorization, cookie, headers }: RequestCredentials): Promise<Actor | null> {
  if (authorization !== null) return verifyToken({ db, secret: requiredBearerSecret(authorization) });
  return actorFromSessionCookie({ db, cookie, headers });
}

/**
 * {@link actorFromRequest} for Node's headers (the front door's fast answers): a web `Headers`
 * is built only when Better Auth must verify a session this process has not kept.
 */
export function actorFromNodeHeaders(db: Db, headers: NodeHeaders): Promise<Actor | null> {
  return actorFromCredentials(db, {
    authorization: nodeHeader(headers, 'authorization'),
    cookie: nodeHeader(headers, 'cookie'),
    headers: () => webHeadersOf(headers),
  });
}

/**
 * {@link actorFromNodeHeaders} without waiting, when the token or session is kept in memory and
 * needs no write: the actor, null or the same AppError; undefined when the answer needs the
 * database or Better Auth (then `actorFromNodeHeaders`).
 */
export function keptActorFromNodeHeaders(db: Db, headers: NodeHeaders): Actor | null | undefined {
  const authorization = nodeHeader(headers, 'authorization');
  if (authorization !== null) return verifyKeptToken({ db, secret: requiredBearerSecret(authorization) });
  return keptActorFromSessionCookie({ db, cookie: nodeHeader(headers, 'cookie') });
}

/** The secret of an Authorization header, which must be a Bearer token; AppError `unauthenticated` otherwise. */
function requiredBearerSecret(authorization: string): string {
  const secret = bearerSecret(authorization);
  if (secret === undefined) throw new AppError('unauthenticated', 'The Authorization header must be "Bearer <token>"');
  return secret;
}
