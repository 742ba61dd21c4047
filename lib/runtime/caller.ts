import 'server-only';
import { AGENT_RUNTIME, LOCAL_ADMIN, type Actor } from '@/lib/actor';

/**
 * Who is calling a runtime route. The one place to swap for the signed-in user or the API
 * token's owner once sign-in exists: the admin UI acts as the local admin today, and a caller
 * that passed the runtime token (see `checkRuntimeToken`) as the agent runtime.
 */
export function runtimeCaller(_request: Request, { viaRuntimeToken = false }: { viaRuntimeToken?: boolean } = {}): Actor {
  return viaRuntimeToken ? AGENT_RUNTIME : LOCAL_ADMIN;
}
