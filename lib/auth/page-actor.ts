import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/lib/db/get-db';
import type { UserActor } from './actor';
import { actorFromSession } from './session-actor';

/** The signed-in user of the page being rendered, or null; pages read the session cookie only, never a Bearer token. */
export const pageActor = cache(async (): Promise<UserActor | null> => {
  return actorFromSession({ db: await getDb(), headers: new Headers(await headers()) });
});

/** The signed-in user of the page being rendered; signed out, it redirects to /sign-in. */
export async function requirePageActor(): Promise<UserActor> {
  const actor = await pageActor();
  if (!actor) redirect('/sign-in');
  return actor;
}
