/** How the app reaches an MCP server. */
export type ServerTransport = 'stdio' | 'http';

/** A stdio server: a command the app starts, with its arguments and environment entries. */
export interface StdioServerConfig {
  transport: 'stdio';
  command: string;
  args: string[];
  /** Values may reference the app's environment (`${VAR}`); secret-like keys must. */
  env: Record<string, string>;
}

/** A Streamable HTTP server: its URL and the headers each request carries. */
export interface HttpServerConfig {
  transport: 'http';
  url: string;
  /** Values may reference the app's environment (`${VAR}`); secret-like headers must. */
  headers: Record<string, string>;
}

/** What an admin configures for one server; its name is its tools' group. */
export type ServerConfig = { name: string; enabled: boolean } & (StdioServerConfig | HttpServerConfig);

/** The rule a server's name follows: it is the group of its tools, so it is also their prefix. */
export const SERVER_NAME_PATTERN = /^[a-z][a-z0-9]{0,31}$/;
export const SERVER_NAME_RULE = 'A server name is 1–32 lower-case letters and digits, starting with a letter (it becomes the tools\' group and prefix)';

const referencePattern = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
/** Keys whose values are credentials: they may only name an environment variable, never hold the value. */
const secretKeyPattern = /auth|token|secret|password|passwd|key|cookie|credential|session/i;
/** A credential value: one reference, optionally after a scheme word (`Bearer ${TOKEN}`). */
const referenceOnlyPattern = /^(?:[A-Za-z]+ )?\$\{[A-Za-z_][A-Za-z0-9_]*\}$/;

/** Whether a key names a credential, whose value must be a `${VAR}` reference. */
export function isSecretKey(key: string): boolean {
  return secretKeyPattern.test(key);
}

/** Why a value under a secret-like key is refused, or undefined when it is a reference. */
export function secretValueProblem(key: string, value: string): string | undefined {
  if (!isSecretKey(key) || referenceOnlyPattern.test(value)) return undefined;
  return `"${key}" looks like a credential: give a reference to a variable of the app's environment, such as \${${key.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}}, not the value (secrets are never stored)`;
}

/** The variables a value references, in order. */
export function referencesIn(value: string): string[] {
  return [...value.matchAll(referencePattern)].map((match) => match[1]!);
}

/**
 * Replaces every `${VAR}` in the values with the app environment's value. Throws an Error naming
 * the unset variables, which makes the server unavailable with that reason.
 */
export function resolveReferences<T extends string | readonly string[] | Record<string, string>>(
  value: T,
  env: Readonly<Record<string, string | undefined>>,
): T {
  const unset = new Set<string>();
  const one = (text: string) =>
    text.replace(referencePattern, (_whole, name: string) => {
      const found = env[name];
      if (found === undefined) unset.add(name);
      return found ?? '';
    });
  let resolved: unknown;
  if (typeof value === 'string') resolved = one(value);
  else if (Array.isArray(value)) resolved = value.map(one);
  else resolved = Object.fromEntries(Object.entries(value).map(([key, text]) => [key, one(text as string)]));
  if (unset.size > 0) {
    const names = [...unset].map((name) => `\${${name}}`).join(', ');
    throw new Error(`The app's environment does not set ${names}`);
  }
  return resolved as T;
}
