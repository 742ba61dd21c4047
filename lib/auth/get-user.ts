import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Db } from '@/lib/db/schema';
import type { Actor } from './actor';
import { toAppUser, type AppUser } from './app-user';
import { authorize } from './authorize';

/** What `getUser` needs. */
export interface GetUserOptions {
  db: Db;
  actor: Actor;
  id: string;
}

/** One user; AppError `forbidden` without `users:manage`, `not_found` when there is none. */
export async function getUser({ db, actor, id }: GetUserOptions): Promise<AppUser> {
  authorize(actor, 'users:manage');
  const row = await db.selectFrom('auth_user').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('not_found', `User "${id}" was not found`);
  return toAppUser(row);
}
