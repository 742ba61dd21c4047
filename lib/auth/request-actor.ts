import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Db } from '@/lib/db/schema';
import type { Actor } from './actor';
import { actorFromSession } from './session-actor';
import { verifyToken } from './verify-token';

/**
 * Who sent an `/api/v1` request: the API token of `Authorization: Bearer …` (which wins), or
 * the user of the session cookie; null when neither is there. AppError `unauthenticated` for
 * an Authorization header that is not a valid Bearer token.
 */
export async function actorFromRequest(db: Db, request: Request): Promise<Actor | null> {
  const authorization = request.headers.get('authorization');
  if (authorization !== null) return verifyToken({ db, secret: requiredBearerSecret(authorization) });
  return actorFromSession({ db, headers: request.headers });
}

/** The secret of an Authorization header, which must be a Bearer token; AppError `unauthenticated` otherwise. */
function requiredBearerSecret(authorization: string): string {
  const secret = /^Bearer +([A-Za-z0-9_-]{1,200}) *$/i.exec(authorization)?.[1];
  if (secret === undefined) throw new AppError('unauthenticated', 'The Authorization header must be "Bearer <token>"');
  return secret;
}
