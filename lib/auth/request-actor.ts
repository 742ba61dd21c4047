import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Db } from '@/lib/db/schema';
import type { Actor } from './actor';
import { actorFromSession } from './session-actor';
import { verifyToken } from './verify-token';

/** The secret of an `Authorization: Bearer <token>` header; undefined for any other value. */
export function bearerSecret(authorization: string): string | undefined {
  return /^Bearer +([A-Za-z0-9_-]{1,200}) *$/i.exec(authorization)?.[1];
}

/**
 * Who sent an `/api/v1` request: the API token of `Authorization: Bearer …` (which wins), or
 * the user of the session cookie; null when neither is there. AppError `unauthenticated` for
 * an Authorization header that is not a valid Bearer token.
 */
export async function actorFromRequest(db: Db, request: Request): Promise<Actor | null> {
  return actorFromHeaders(db, request.headers);
}

/** {@link actorFromRequest} for a request's headers alone (the front door's buffered requests). */
export async function actorFromHeaders(db: Db, headers: Headers): Promise<Actor | null> {
  const authorization = headers.get('authorization');
  if (authorization !== null) {
    const secret = bearerSecret(authorization);
    if (secret === undefined) throw new AppError('unauthenticated', 'The Authorization header must be "Bearer <token>"');
    return verifyToken({ db, secret });
  }
  return actorFromSession({ db, headers });
}
