// `npm run admin -- <command>`: operator commands that work on the database of DATABASE_URL
// directly (default ./data/tools-admin.sqlite), with no server running and nobody signed in, so
// they also rescue a locked-out install. Each change is audited as the command line's.
//   create-user <email> --role admin|editor|viewer [--name <name>] [--break-glass]   asks for a password (empty: one is generated)
//   break-glass <email> on|off   marks an admin as break-glass: signs in with a password even when LOCAL_SIGN_IN=off
//   create-token <name> --scopes <scope,scope> (--agents <id,id> | --all-agents) [--expires <ISO time>]  prints the token once
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { AppError } from '../lib/app-error';
import { createToken } from '../lib/auth/create-token';
import { createUser } from '../lib/auth/create-user';
import { isRole, TOKEN_SCOPES } from '../lib/auth/permissions';
import { setBreakGlass } from '../lib/auth/set-break-glass';
import { OPERATOR } from '../lib/auth/system-actors';
import { openDatabase } from '../lib/db/open-database';
import { readSecretLine } from './read-secret-line';

const usage = `Usage:
  npm run admin -- create-user <email> --role admin|editor|viewer [--name <name>] [--break-glass]
  npm run admin -- break-glass <email> on|off
  npm run admin -- create-token <name> --scopes ${TOKEN_SCOPES.join(',')} (--agents <agent-id,agent-id> | --all-agents) [--expires <ISO time>]`;

function messageOf(error: unknown): string {
  if (error instanceof AppError) return [error.message, ...(error.details.errors ?? []).map((field) => `  ${field.pointer.slice(1)}: ${field.message}`)].join('\n');
  return error instanceof Error ? error.message : String(error);
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      role: { type: 'string' },
      name: { type: 'string' },
      scopes: { type: 'string' },
      agents: { type: 'string' },
      'all-agents': { type: 'boolean' },
      expires: { type: 'string' },
      'break-glass': { type: 'boolean' },
    },
  });
  const [command, subject, switchWord] = positionals;
  if (!subject || (command !== 'create-user' && command !== 'create-token' && command !== 'break-glass')) {
    console.error(usage);
    return 2;
  }
  if (command === 'create-user' && !isRole(values.role)) {
    console.error(`--role must be admin, editor or viewer\n${usage}`);
    return 2;
  }
  if (command === 'create-user' && values['break-glass'] && values.role !== 'admin') {
    console.error(`--break-glass is for admins (--role admin)\n${usage}`);
    return 2;
  }
  // Which agents a token reaches is always an explicit choice on the command line.
  if (command === 'create-token' && (values.agents === undefined) === !values['all-agents']) {
    console.error(`create-token needs exactly one of --agents <agent-id,agent-id> (the agents it may reach) or --all-agents\n${usage}`);
    return 2;
  }
  if (command === 'break-glass' && switchWord !== 'on' && switchWord !== 'off') {
    console.error(`break-glass needs on or off\n${usage}`);
    return 2;
  }
  const db = await openDatabase({ url: process.env.DATABASE_URL });
  try {
    if (command === 'create-user') {
      const role = isRole(values.role) ? values.role : 'viewer';
      const typed = process.stdin.isTTY ? await readSecretLine('Password (at least 12 characters; empty to generate one): ') : '';
      const password = typed || randomBytes(18).toString('base64url');
      const user = await createUser({ db, actor: OPERATOR, input: { email: subject, name: values.name, role, password } });
      if (values['break-glass']) await setBreakGlass({ db, actor: OPERATOR, email: user.email, isBreakGlass: true });
      console.log(`Created ${user.email} as ${user.role}${values['break-glass'] ? ' (break-glass: signs in with a password even when LOCAL_SIGN_IN=off)' : ''}.`);
      if (!typed) console.log(`Password (shown once): ${password}`);
    } else if (command === 'break-glass') {
      const user = await setBreakGlass({ db, actor: OPERATOR, email: subject, isBreakGlass: switchWord === 'on' });
      console.log(`${user.email} is ${user.breakGlass ? 'now break-glass' : 'no longer break-glass'}.`);
    } else {
      const scopes = (values.scopes ?? '').split(',').map((scope) => scope.trim()).filter(Boolean);
      const agents = values['all-agents'] ? 'all' : (values.agents ?? '').split(',').map((agent) => agent.trim()).filter(Boolean);
      const { token, secret } = await createToken({ db, actor: OPERATOR, input: { name: subject, scopes, agents, expiresAt: values.expires ?? null } });
      const reach = token.agents === 'all' ? 'all agents' : `agents ${token.agents.join(', ')}`;
      console.log(`Created token "${token.name}" (${token.scopes.join(', ')}; ${reach}${token.expiresAt ? `; expires ${token.expiresAt}` : ''}).`);
      console.log(`Token (shown once; send as "Authorization: Bearer <token>"):\n${secret}`);
    }
    return 0;
  } catch (error) {
    console.error(messageOf(error));
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
