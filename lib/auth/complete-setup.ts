import 'server-only';
import type { Db } from '@/lib/db/schema';
import type { AppUser } from './app-user';
import { createUser } from './create-user';
import { checkPassword } from './password-policy';
import { claimSetupToken } from './setup-link';
import { SETUP_LINK } from './system-actors';

/** What `completeSetup` needs. */
export interface CompleteSetupOptions {
  db: Db;
  token: string;
  input: { email: string; name?: string; password: string };
}

/**
 * Creates the first admin with the one-time setup link's token, which is used up by it.
 * AppError `invalid` for a bad email or password (the token stays usable), `forbidden` when
 * the token is unknown or used or a user exists already.
 */
export async function completeSetup({ db, token, input }: CompleteSetupOptions): Promise<AppUser> {
  checkPassword(input.password);
  const claim = await claimSetupToken(db, token);
  try {
    return await createUser({ db, actor: SETUP_LINK, input: { ...input, role: 'admin' } });
  } catch (error) {
    await claim.release();
    throw error;
  }
}
