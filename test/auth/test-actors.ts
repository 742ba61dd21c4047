import type { UserActor } from '@/lib/auth/actor';
import type { Role } from '@/lib/auth/permissions';

function testUser(role: Role): UserActor {
  const email = `${role}@example.test`;
  return { kind: 'user', id: `user:${email}`, displayName: `Test ${role}`, userId: `test-${role}`, email, role, sessionId: `test-session-${role}` };
}

/** Actors for tests that call `lib/` directly, without a session: one per role. */
export const TEST_ADMIN: UserActor = testUser('admin');
export const TEST_EDITOR: UserActor = testUser('editor');
export const TEST_VIEWER: UserActor = testUser('viewer');
