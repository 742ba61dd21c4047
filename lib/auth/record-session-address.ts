import 'server-only';
import type { Db } from '@/lib/db/schema';

/**
 * Writes on a new session the client's address its sign-in came from (`clientAddress`: the front
 * door's, which honours TRUST_PROXY), for the user's list of sessions. Better Auth's own address
 * tracking is off: it would believe any `X-Forwarded-For` a client sends. `unknown` stays empty.
 */
export async function recordSessionAddress(db: Db, sessionId: string, address: string): Promise<void> {
  if (address === 'unknown') return;
  await db.updateTable('auth_session').set({ ipAddress: address.slice(0, 64) }).where('id', '=', sessionId).execute();
}
