import { can, type Actor, type SystemActor } from '@/lib/auth/actor';

/** The actor a configuration import writes as: `config import`, naming who ran it. */
export function configImportActor(actor: Actor): SystemActor {
  return {
    kind: 'system',
    id: 'config import',
    displayName: `config import by ${actor.displayName}`,
    // Stdio servers run commands on the host: an import may change them only for someone who may.
    // Likewise servers that reference secrets, which only those who manage secrets may point somewhere.
    permissions: [
      'catalogue:read',
      'agents:read',
      'agents:write',
      ...(can(actor, 'servers:stdio') ? (['servers:stdio'] as const) : []),
      ...(can(actor, 'secrets:manage') ? (['secrets:manage'] as const) : []),
    ],
  };
}
