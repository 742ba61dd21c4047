import type { Actor } from '@/lib/auth/actor';

/**
 * How the audit log names an actor, in words: a person as "Ada Lovelace (editor)", a token as
 * `token "config cli"`, anything else by its display name. Written with each event, so the
 * log keeps the role and name the actor had when it acted.
 */
export function auditActorName(actor: Actor): string {
  if (actor.kind === 'user') return `${actor.displayName} (${actor.role})`;
  if (actor.kind === 'token') return `token ${JSON.stringify(actor.displayName.replace(/^Token "(.*)"$/, '$1'))}`;
  return actor.displayName;
}
