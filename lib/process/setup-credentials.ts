import 'server-only';

/**
 * The credentials of the setup path. Each is moved out of `process.env` the first time any of
 * them is asked for (and at start, by `instrumentation.ts`), so that nothing later, a
 * `${NAME}` reference, a child process, a dump of the environment, finds them there.
 */
export const SETUP_CREDENTIALS = ['ADMIN_PASSWORD', 'BETTER_AUTH_SECRET', 'SECRETS_KEY'] as const;
export type SetupCredential = (typeof SETUP_CREDENTIALS)[number];

const host = globalThis as typeof globalThis & { toolsAdminSetupCredentials?: Map<SetupCredential, string> };

/** Moves the setup credentials from `env` (default `process.env`) into this module's keeping. */
export function takeSetupCredentials(env: NodeJS.ProcessEnv = process.env): void {
  const held = (host.toolsAdminSetupCredentials ??= new Map());
  for (const name of SETUP_CREDENTIALS) {
    const value = env[name];
    if (value === undefined) continue;
    held.set(name, value);
    delete env[name];
  }
}

/** A setup credential as the operator gave it (taken from `process.env` if still there), or undefined. */
export function setupCredential(name: SetupCredential): string | undefined {
  takeSetupCredentials();
  return host.toolsAdminSetupCredentials?.get(name);
}
