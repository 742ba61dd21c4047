import 'server-only';
import type { OidcConfig } from './oidc-config';
import type { Role } from './permissions';

/** What a sign-in's claims come to: a role (with the mapped groups that gave it), or a refusal. */
export type RoleDecision = { role: Role; matchedGroups: string[] } | { role: null; matchedGroups: [] };

/** Most values of the role claim read; an ID token with more is read up to here. */
const MAX_CLAIM_VALUES = 1000;
const RANK: Record<Role, number> = { admin: 3, editor: 2, viewer: 1 };

/**
 * The role of someone whose ID token carries `claims`, decided afresh at every sign-in: the
 * highest role any of their groups is mapped to; with none mapped, OIDC_DEFAULT_ROLE (viewer,
 * or null for refuse). The claim may be a string or an array of strings (anything else counts as
 * no groups); a dotted name reaches into objects (`realm_access.roles`) unless a claim has that
 * very name.
 */
export function roleFromClaims(claims: Readonly<Record<string, unknown>>, config: Pick<OidcConfig, 'roleClaim' | 'roleMap' | 'defaultRole'>): RoleDecision {
  const groups = new Set(groupsOf(claimValue(claims, config.roleClaim)));
  let best: Role | null = null;
  const matchedGroups: string[] = [];
  for (const { group, role } of config.roleMap) {
    if (!groups.has(group)) continue;
    matchedGroups.push(group);
    if (best === null || RANK[role] > RANK[best]) best = role;
  }
  if (best !== null) return { role: best, matchedGroups };
  return config.defaultRole === 'refuse' ? { role: null, matchedGroups: [] } : { role: 'viewer', matchedGroups: [] };
}

function claimValue(claims: Readonly<Record<string, unknown>>, name: string): unknown {
  if (Object.hasOwn(claims, name)) return claims[name];
  let value: unknown = claims;
  for (const part of name.split('.').slice(0, 10)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function groupsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) return [];
  return value.slice(0, MAX_CLAIM_VALUES).filter((item): item is string => typeof item === 'string');
}
