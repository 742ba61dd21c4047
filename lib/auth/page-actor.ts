import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/lib/db/get-db';
import { PAGE_PATH_HEADER } from '@/lib/http/page-path';
import type { UserActor } from './actor';
import { signInPathFor } from './safe-next-path';
import { actorFromSession } from './session-actor';

/** The signed-in user of the page being rendered, or null; pages read the session cookie only, never a Bearer token. */
export const pageActor = cache(async (): Promise<UserActor | null> => {
  return actorFromSession({ db: await getDb(), headers: new Headers(await headers()) });
});

/**
 * The signed-in user of the page being rendered; signed out, it redirects to /sign-in with this
 * page in `next` (its path, from proxy.ts), so signing in returns here.
 */
export async function requirePageActor(): Promise<UserActor> {
  const actor = await pageActor();
  if (!actor) redirect(signInPathFor((await headers()).get(PAGE_PATH_HEADER) ?? '/'));
  return actor;
}
