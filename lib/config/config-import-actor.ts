import { can, type Actor, type SystemActor } from '@/lib/auth/actor';
import { auditActorName } from '@/lib/audit/actor-label';

/** The actor a configuration import writes as: `config import`, naming who ran it (`token "config cli" via config import`). */
export function configImportActor(actor: Actor): SystemActor {
  return {
    kind: 'system',
    id: 'config import',
    displayName: `${auditActorName(actor)} via config import`,
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
