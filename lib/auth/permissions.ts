/** The roles a signed-in user may have; admins create users and give them one. */
export const ROLES = ['admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** The scopes an API token may carry. */
export const TOKEN_SCOPES = ['catalogue:read', 'agents:read', 'agents:write', 'runtime'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Every permission `authorize` checks; a route declares one, a domain function asks for one. */
export const PERMISSIONS = [
  'catalogue:read',
  'agents:read',
  'agents:write',
  'runtime',
  'audit:read',
  'users:manage',
  'tokens:manage',
  /** Adding or changing an MCP server that runs a command on the host (stdio): admins only. */
  'servers:stdio',
  /**
   * Connecting to a server configuration on request (Test connection), and reading the upstream's
   * own words in a server's status: admins and editors, no token scope.
   */
  'servers:test',
  /** Creating, replacing, deleting and listing the secret store's secrets (never reading a value): admins only, no token scope. */
  'secrets:manage',
  /** Setting a tool's group default policy, which every agent given the tool inherits: admins only, no token scope. */
  'policy:defaults',
  /** Approving or denying a held tool call: admins and editors, never a token (a runtime may not approve its own call). */
  'approvals:decide',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each role may do: admins everything, editors agents and assignments, viewers read. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  editor: ['catalogue:read', 'agents:read', 'agents:write', 'audit:read', 'servers:test', 'approvals:decide'],
  viewer: ['catalogue:read', 'agents:read', 'audit:read'],
};

/** What each token scope grants; writing agents needs reading them (for the ETag to send back). */
export const SCOPE_PERMISSIONS: Record<TokenScope, readonly Permission[]> = {
  'catalogue:read': ['catalogue:read'],
  'agents:read': ['agents:read'],
  'agents:write': ['agents:read', 'agents:write'],
  runtime: ['runtime'],
};

/** Whether `value` names a role. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether `value` names a token scope. */
export function isTokenScope(value: unknown): value is TokenScope {
  return typeof value === 'string' && (TOKEN_SCOPES as readonly string[]).includes(value);
}
