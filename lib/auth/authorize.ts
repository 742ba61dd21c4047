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
