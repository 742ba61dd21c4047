import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { can } from '@/lib/auth/actor';
import { authorize, authorizeAllAgents } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { envAllowlist } from '@/lib/secrets/references';
import { secretNames } from '@/lib/secrets/secret-store';
import { egressPolicy, ownAddressOf, urlEgressProblem } from './egress-policy';
import { configReferenceProblems, configSecretNames, type ServerConfig } from './server-config';
import { toConfigColumns } from './server-record';

/** Whether the operator turned stdio servers off (`MCP_STDIO=off`). */
export function isStdioOff(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return env.MCP_STDIO?.trim().toLowerCase() === 'off';
}

/** The reason stdio servers do not run when `MCP_STDIO=off`. */
export const STDIO_OFF_REASON = 'stdio servers are turned off on this host (MCP_STDIO=off)';

/**
 * The checks before a server is added, changed, removed or tested: `agents:write` for any server,
 * and for a stdio one (it runs a command on the host) also `servers:stdio`, which only admins hold,
 * and stdio not turned off by the operator; never a token limited to agents (a server's tools reach
 * every agent given them). AppError `forbidden`, then `invalid`.
 */
export function authorizeServerChange(actor: Actor, ...configs: readonly (Pick<ServerConfig, 'transport'> | undefined)[]): void {
  authorize(actor, 'agents:write');
  authorizeAllAgents(actor, 'change MCP servers (their tools reach agents outside its set)');
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

/**
 * Refuses a configuration whose references break the rule (see `configReferenceProblems`): a
 * literal credential, a malformed reference, an environment variable outside
 * SERVER_ENV_ALLOWLIST, a secret the store does not hold. AppError `invalid` with each field's
 * pointer; nothing is looked up but names.
 */
export async function checkReferences(db: Db, config: ServerConfig, { keepMissingSecrets = false }: { keepMissingSecrets?: boolean } = {}): Promise<void> {
  const problems = configReferenceProblems(config, { isEnvAllowed: envAllowlist(process.env.SERVER_ENV_ALLOWLIST), ...(keepMissingSecrets ? {} : { secretNames: await secretNames(db) }) });
  if (problems.length === 0) return;
  throw new AppError('invalid', `This server cannot be saved: ${problems[0]!.message}`, { errors: problems });
}

/**
 * A secret goes wherever its server's url, headers or command send it, so a configuration that
 * references one may be created, tested or changed (beyond enabling and disabling) only by those
 * who manage secrets (admins): an editor cannot point a secret at a listener of their own.
 * Enabling, disabling and removing such a server stay open to editors. AppError `forbidden`.
 */
export function authorizeSecretUse(actor: Actor, before: ServerConfig | undefined, after: ServerConfig): void {
  const names = configSecretNames(after);
  if (names.length === 0 || can(actor, 'secrets:manage')) return;
  if (before && isSameTarget(before, after)) return;
  const list = names.map((name) => `\${secret:${name}}`).join(', ');
  throw new AppError('forbidden', `Only an admin may save or test a server that references a secret (${list}): a secret goes wherever the server's URL, headers or command send it`, {
    permission: 'secrets:manage',
  });
}

function isSameTarget(a: ServerConfig, b: ServerConfig): boolean {
  const columnsA = toConfigColumns(a);
  const columnsB = toConfigColumns(b);
  return columnsA.transport === columnsB.transport && columnsA.config === columnsB.config;
}
