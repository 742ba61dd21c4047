import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Db } from '@/lib/db/schema';
import type { Actor } from './actor';
import { isOAuthAccessToken } from './oauth/oauth-tokens';
import { verifyOAuthAccessToken } from './oauth/verify-access-token';
import { actorFromSession } from './session-actor';
import { verifyToken } from './verify-token';

/**
 * Who sent an `/api/v1` request: the token of `Authorization: Bearer …` (which wins), an API
 * token or an OAuth access token (`tao_…`, good only on its audience agent's MCP endpoint), or
 * the user of the session cookie; null when neither is there. AppError `unauthenticated` for
 * an Authorization header that is not a valid Bearer token, or a token sent where it may not go.
 */
export async function actorFromRequest(db: Db, request: Request): Promise<Actor | null> {
  const authorization = request.headers.get('authorization');
  if (authorization === null) return actorFromSession({ db, headers: request.headers });
  const secret = requiredBearerSecret(authorization);
  if (isOAuthAccessToken(secret)) return verifyOAuthAccessToken({ db, secret, pathname: new URL(request.url).pathname });
  return verifyToken({ db, secret });
}

/** The secret of an Authorization header, which must be a Bearer token; AppError `unauthenticated` otherwise. */
function requiredBearerSecret(authorization: string): string {
  const secret = /^Bearer +([A-Za-z0-9_-]{1,200}) *$/i.exec(authorization)?.[1];
  if (secret === undefined) throw new AppError('unauthenticated', 'The Authorization header must be "Bearer <token>"');
  return secret;
}
