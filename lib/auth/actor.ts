import 'server-only';
import { ROLE_PERMISSIONS, SCOPE_PERMISSIONS, type Permission, type Role, type TokenScope } from './permissions';

/** A person signed in with a session cookie. */
export interface UserActor {
  kind: 'user';
  /** What the audit log records: `user:<email>`. */
  id: string;
  displayName: string;
  userId: string;
  email: string;
  role: Role;
  /** The session the request came with. */
  sessionId: string;
}

/** The agents a token reaches: all of them (an explicit choice), or the named ones only. */
export type AgentSet = { readonly all: true } | { readonly all: false; readonly ids: readonly string[] };

/** A script or the agent runtime calling `/api/v1` with a Bearer token. */
export interface TokenActor {
  kind: 'token';
  /** What the audit log records: `token:<prefix>`. */
  id: string;
  displayName: string;
  tokenId: string;
  scopes: readonly TokenScope[];
  /** The agents its scopes act on; any other agent is, to this token, an agent that does not exist. */
  agents: AgentSet;
}

/** Something other than a person acting inside the app: the runtime's tools, the first start's seed. */
export interface SystemActor {
  kind: 'system';
  id: string;
  displayName: string;
  permissions: readonly Permission[];
}

/** Who performs a read or write; every domain function takes one and every write records it. */
export type Actor = UserActor | TokenActor | SystemActor;

/** The agent runtime, which writes the `todo_*` tools' lists while agents run. */
export const AGENT_RUNTIME: SystemActor = { kind: 'system', id: 'runtime', displayName: 'Agent runtime', permissions: ['runtime'] };

/** The first start, which seeds the demo agent into an empty database. */
export const FIRST_START: SystemActor = {
  kind: 'system',
  id: 'system',
  displayName: 'First start',
  permissions: ['catalogue:read', 'agents:read', 'agents:write'],
};

/** A token's permissions by its scopes array: one actor is checked several times per call. */
const scopePermissions = new WeakMap<readonly TokenScope[], readonly Permission[]>();

/** Every permission the actor holds. */
export function permissionsOf(actor: Actor): readonly Permission[] {
  if (actor.kind === 'user') return ROLE_PERMISSIONS[actor.role];
  if (actor.kind === 'system') return actor.permissions;
  let permissions = scopePermissions.get(actor.scopes);
  if (!permissions) {
    permissions = [...new Set(actor.scopes.flatMap((scope) => SCOPE_PERMISSIONS[scope]))];
    scopePermissions.set(actor.scopes, permissions);
  }
  return permissions;
}

/** Whether the actor holds `permission`. */
export function can(actor: Actor, permission: Permission): boolean {
  return permissionsOf(actor).includes(permission);
}

/** Whether the actor may see or act on the agent `agentId` at all: users and system actors always; a token only inside its agent set. */
export function mayReachAgent(actor: Actor, agentId: string): boolean {
  if (actor.kind !== 'token' || actor.agents.all) return true;
  return actor.agents.ids.includes(agentId);
}

/** The agent ids the actor is limited to, or undefined when it reaches every agent (lists filter by it). */
export function reachableAgentIds(actor: Actor): readonly string[] | undefined {
  return actor.kind === 'token' && !actor.agents.all ? actor.agents.ids : undefined;
}
