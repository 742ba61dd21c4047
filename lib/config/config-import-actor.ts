import type { Actor, SystemActor } from '@/lib/auth/actor';

/** The actor a configuration import writes as: `config import`, naming who ran it. */
export function configImportActor(actor: Actor): SystemActor {
  return {
    kind: 'system',
    id: 'config import',
    displayName: `config import by ${actor.displayName}`,
    permissions: ['catalogue:read', 'agents:read', 'agents:write'],
  };
}
