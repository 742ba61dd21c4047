import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Db } from '@/lib/db/schema';
import type { Actor } from './actor';
import { actorFromSessionCookie } from './session-actor';
import { verifyToken } from './verify-token';

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
  if (authorization !== null) {
    const secret = bearerSecret(authorization);
    if (secret === undefined) throw new AppError('unauthenticated', 'The Authorization header must be "Bearer <token>"');
    return verifyToken({ db, secret });
  }
  return actorFromSessionCookie({ db, cookie, headers });
}
