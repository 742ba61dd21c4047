import 'server-only';
import { PERMISSIONS } from './permissions';
import type { SystemActor } from './actor';

/** `ADMIN_EMAIL` + `ADMIN_PASSWORD` at start: creates the first admin without a browser. */
export const ENV_BOOTSTRAP: SystemActor = { kind: 'system', id: 'system:env', displayName: 'ADMIN_EMAIL at start', permissions: ['users:manage'] };

/** The one-time setup link: whoever holds it creates the first admin. */
export const SETUP_LINK: SystemActor = { kind: 'system', id: 'system:setup-link', displayName: 'Setup link', permissions: ['users:manage'] };

/** An operator at the server's command line (`npm run admin`), working on the database directly. */
export const OPERATOR: SystemActor = { kind: 'system', id: 'system:cli', displayName: 'Operator (command line)', permissions: PERMISSIONS };

/** Someone not signed in: failed sign-ins are recorded under this actor. */
export const ANONYMOUS: SystemActor = { kind: 'system', id: 'anonymous', displayName: 'Not signed in', permissions: [] };

/** The identity provider's groups at a sign-in, which set the user's role (OIDC_ROLE_MAP). */
export const SINGLE_SIGN_ON: SystemActor = { kind: 'system', id: 'system:sso', displayName: 'Single sign-on', permissions: [] };

/**
 * The app itself, approving the face of a tool an agent has but holds no approval of, when that
 * face is first known (lib/drift/first-seen-faces.ts): so a later change of it waits for a person.
 */
export const FIRST_SIGHT: SystemActor = { kind: 'system', id: 'system:first-sight', displayName: 'First sight of a tool', permissions: ['agents:write'] };
