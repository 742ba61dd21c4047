import 'server-only';
import type { Selectable } from 'kysely';
import type { AuthUserTable } from '@/lib/db/schema';
import { isRole, type Role } from './permissions';

/** A user account as admins see it. */
export interface AppUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  /** Made with `npm run admin … --break-glass`: signs in with a password even when LOCAL_SIGN_IN=off. */
  breakGlass: boolean;
  createdAt: string;
  version: number;
}

/** A stored user as the app sees it (an unknown role reads as viewer, the least). */
export function toAppUser(row: Selectable<AuthUserTable>): AppUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: isRole(row.role) ? row.role : 'viewer',
    disabled: Boolean(row.banned),
    breakGlass: Number(row.breakGlass ?? 0) === 1,
    createdAt: new Date(row.createdAt).toISOString(),
    version: Number(row.version ?? 1),
  };
}
