import 'server-only';
import { AppError } from '@/lib/app-error';
import { can, type Actor } from './actor';
import type { Permission } from './permissions';

/**
 * The one permission check: every domain read and write calls it first. Throws AppError
 * `forbidden` (403) naming what is missing when the actor lacks `permission`.
 */
export function authorize(actor: Actor, permission: Permission): void {
  if (can(actor, permission)) return;
  const who = actor.kind === 'user' ? `The role "${actor.role}"` : actor.kind === 'token' ? 'This token' : actor.displayName;
  throw new AppError('forbidden', `${who} does not have the permission "${permission}"`, { permission });
}

/**
 * For what reaches beyond named agents (creating an agent, cloning into a new one, the whole
 * configuration as code): a token limited to agents is refused with AppError `forbidden` saying
 * why, since the result would lie outside its set. `doing` completes "A token limited to agents cannot …".
 */
export function authorizeAllAgents(actor: Actor, doing: string): void {
  if (actor.kind !== 'token' || actor.agents.all) return;
  throw new AppError('forbidden', `A token limited to agents cannot ${doing}: use a token with all agents, or sign in`, { permission: 'agents:all' });
}
