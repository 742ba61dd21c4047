import 'server-only';
import type { Db } from '@/lib/db/schema';
import type { Actor } from './actor';
import { toAppUser, type AppUser } from './app-user';
import { authorize } from './authorize';

/** What `listUsers` needs. */
export interface ListUsersOptions {
  db: Db;
  actor: Actor;
}

/** Every user, by email; AppError `forbidden` without `users:manage`. */
export async function listUsers({ db, actor }: ListUsersOptions): Promise<AppUser[]> {
  authorize(actor, 'users:manage');
  const rows = await db.selectFrom('auth_user').selectAll().orderBy('email').execute();
  return rows.map(toAppUser);
}
