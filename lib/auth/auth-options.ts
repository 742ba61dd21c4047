import 'server-only';
import type { BetterAuthOptions } from 'better-auth';
import { admin } from 'better-auth/plugins/admin';
import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements } from 'better-auth/plugins/admin/access';
import { sessionLimits } from './session-limits';

const accessControl = createAccessControl(defaultStatements);

/**
 * The Better Auth options that shape its tables: the migration and the running instance share
 * them, so what is migrated is what runs. Tables are named `auth_*` beside the app's own;
 * roles are the admin plugin's `role` column (admin, editor, viewer), disabling is its `banned`.
 */
export function authSchemaOptions() {
  const { absoluteSeconds } = sessionLimits();
  return {
    telemetry: { enabled: false },
    user: {
      modelName: 'auth_user',
      // Raised by every change an admin makes (role, disabled), for If-Match like every editable resource.
      additionalFields: { version: { type: 'number', required: true, defaultValue: 1, input: false } },
    },
    account: { modelName: 'auth_account' },
    session: {
      modelName: 'auth_session',
      expiresIn: absoluteSeconds,
      // Never slid forward: 12 h from sign-in is the absolute limit; the idle limit is ours.
      updateAge: absoluteSeconds,
    },
    verification: { modelName: 'auth_verification' },
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 12, maxPasswordLength: 256 },
    // Our own throttle (lib/auth/throttle) guards sign-in, per account and per address, in the database.
    rateLimit: { enabled: false },
    plugins: [
      admin({
        ac: accessControl,
        roles: {
          admin: adminAc,
          editor: accessControl.newRole({ user: [], session: [] }),
          viewer: accessControl.newRole({ user: [], session: [] }),
        },
        defaultRole: 'viewer',
        adminRoles: ['admin'],
        bannedUserMessage: 'This account is disabled; ask an admin to enable it',
      }),
    ],
  } satisfies BetterAuthOptions;
}
