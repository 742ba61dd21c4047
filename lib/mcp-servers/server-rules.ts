import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { egressPolicy, ownAddressOf, urlEgressProblem } from './egress-policy';
import type { ServerConfig } from './server-config';

/** Whether the operator turned stdio servers off (`MCP_STDIO=off`). */
export function isStdioOff(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return env.MCP_STDIO?.trim().toLowerCase() === 'off';
}

/** The reason stdio servers do not run when `MCP_STDIO=off`. */
export const STDIO_OFF_REASON = 'stdio servers are turned off on this host (MCP_STDIO=off)';

/**
 * The checks before a server is added, changed, removed or tested: `agents:write` for any server,
 * and for a stdio one (it runs a command on the host) also `servers:stdio`, which only admins hold,
 * and stdio not turned off by the operator. AppError `forbidden`, then `invalid`.
 */
export function authorizeServerChange(actor: Actor, ...configs: readonly (Pick<ServerConfig, 'transport'> | undefined)[]): void {
  authorize(actor, 'agents:write');
  if (!configs.some((config) => config?.transport === 'stdio')) return;
  authorize(actor, 'servers:stdio');
}

/** Refuses a stdio configuration while `MCP_STDIO=off`; AppError `invalid`. */
export function checkStdioAllowed(config: Pick<ServerConfig, 'transport'>): void {
  if (config.transport === 'stdio' && isStdioOff()) {
    throw new AppError('invalid', `This server cannot be saved: ${STDIO_OFF_REASON}`, {
      errors: [{ pointer: '/transport', message: STDIO_OFF_REASON }],
    });
  }
}

/**
 * Refuses an HTTP server whose host the egress policy refuses now (`MCP_ALLOWED_HOSTS` of `env`);
 * AppError `invalid` on `/url`. Every connection checks again: this is the early answer.
 */
export async function checkServerEgress(config: ServerConfig, env: Readonly<Record<string, string | undefined>> = process.env): Promise<void> {
  if (config.transport !== 'http') return;
  const problem = await urlEgressProblem(config.url, egressPolicy({ allowed: env.MCP_ALLOWED_HOSTS, own: ownAddressOf(env) }));
  if (problem) throw new AppError('invalid', `This server cannot be reached from here: ${problem}`, { errors: [{ pointer: '/url', message: problem }] });
}
