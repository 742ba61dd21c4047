import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Db } from '@/lib/db/schema';
import { createUser } from './create-user';
import { publicUrl } from './public-url';
import { createSetupToken, hasUsers } from './setup-link';
import { setupCredential } from '@/lib/process/setup-credentials';
import { ENV_BOOTSTRAP } from './system-actors';

/** What `prepareFirstSignIn` needs. */
export interface PrepareFirstSignInOptions {
  db: Db;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

/**
 * At start, makes sure someone can sign in. With users, nothing to do. Otherwise ADMIN_EMAIL
 * and ADMIN_PASSWORD create the first admin (CI, containers); without them, a one-time setup
 * link is printed to the console (as Jenkins does): only it creates the first admin, once.
 */
export async function prepareFirstSignIn({ db, env = process.env, log = console.log }: PrepareFirstSignInOptions): Promise<void> {
  if (await hasUsers(db)) return;
  const email = env.ADMIN_EMAIL?.trim();
  // The process's password has been moved out of process.env (a reference could otherwise read it).
  const password = env === process.env ? setupCredential('ADMIN_PASSWORD') : env.ADMIN_PASSWORD;
  if (email && password) {
    try {
      await createUser({ db, actor: ENV_BOOTSTRAP, input: { email, password, role: 'admin' } });
      log(`Created the first admin, ${email}, from ADMIN_EMAIL.`);
    } catch (error) {
      // Another instance on the same database created it first.
      if (!(error instanceof AppError && error.code === 'conflict')) throw error;
    }
    return;
  }
  const token = await createSetupToken(db);
  const link = new URL(`/setup?token=${token}`, publicUrl(env));
  log(`\nNo user exists yet. Open this one-time link to create the first admin:\n\n  ${link.href}\n`);
}
