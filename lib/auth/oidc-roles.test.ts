import { describe, expect, it } from 'vitest';
import type { RoleMapEntry } from './oidc-config';
import { roleFromClaims } from './oidc-roles';

const roleMap: RoleMapEntry[] = [
  { group: 'tools-viewers', role: 'viewer' },
  { group: 'tools-editors', role: 'editor' },
  { group: 'tools-admins', role: 'admin' },
];
const viewerByDefault = { roleClaim: 'groups', roleMap, defaultRole: 'viewer' as const };
const refuseByDefault = { ...viewerByDefault, defaultRole: 'refuse' as const };

describe('roleFromClaims', () => {
  it('gives the role a group is mapped to', () => {
    expect(roleFromClaims({ groups: ['staff', 'tools-editors'] }, viewerByDefault)).toEqual({ role: 'editor', matchedGroups: ['tools-editors'] });
  });

  it('gives the highest mapped role when several groups match', () => {
    expect(roleFromClaims({ groups: ['tools-editors', 'tools-admins', 'tools-viewers'] }, viewerByDefault)).toEqual({
      role: 'admin',
      matchedGroups: ['tools-viewers', 'tools-editors', 'tools-admins'],
    });
  });

  it('gives viewer, or refuses, when no group is mapped, as the operator chose', () => {
    expect(roleFromClaims({ groups: ['staff'] }, viewerByDefault)).toEqual({ role: 'viewer', matchedGroups: [] });
    expect(roleFromClaims({ groups: ['staff'] }, refuseByDefault)).toEqual({ role: null, matchedGroups: [] });
    expect(roleFromClaims({}, refuseByDefault)).toEqual({ role: null, matchedGroups: [] });
  });

  it('reads a single string, and counts anything else as no groups', () => {
    expect(roleFromClaims({ groups: 'tools-admins' }, refuseByDefault).role).toBe('admin');
    expect(roleFromClaims({ groups: { 'tools-admins': true } }, refuseByDefault).role).toBeNull();
    expect(roleFromClaims({ groups: [42, null, ['tools-admins']] }, refuseByDefault).role).toBeNull();
  });

  it('matches group names exactly (case and whole name)', () => {
    expect(roleFromClaims({ groups: ['Tools-Admins', 'tools-admins-old'] }, refuseByDefault).role).toBeNull();
  });

  it('reaches into objects with a dotted claim name, unless a claim has that very name', () => {
    const keycloak = { ...refuseByDefault, roleClaim: 'realm_access.roles' };
    expect(roleFromClaims({ realm_access: { roles: ['tools-editors'] } }, keycloak).role).toBe('editor');
    expect(roleFromClaims({ 'realm_access.roles': ['tools-admins'], realm_access: { roles: ['tools-editors'] } }, keycloak).role).toBe('admin');
    expect(roleFromClaims({ realm_access: ['tools-admins'] }, keycloak).role).toBeNull();
  });

  it('does not take a role from the prototype chain', () => {
    expect(roleFromClaims({}, { ...refuseByDefault, roleClaim: 'constructor.name' }).role).toBeNull();
  });
});
