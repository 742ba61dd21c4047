import { referenceRuleProblem, referencesIn, replaceReferences, secretNamesIn, type EnvAllowlist, type Reference } from '@/lib/secrets/references';

/** How the app reaches an MCP server. */
export type ServerTransport = 'stdio' | 'http';

/** A stdio server: a command the app starts, with its arguments and environment entries. */
export interface StdioServerConfig {
  transport: 'stdio';
  command: string;
  args: string[];
  /** Values may hold references (`${secret:NAME}`, allowed `${VAR}`); secret-like keys must be one. */
  env: Record<string, string>;
}

/** A Streamable HTTP server: its URL and the headers each request carries. */
export interface HttpServerConfig {
  transport: 'http';
  url: string;
  /** Values may hold references (`${secret:NAME}`, allowed `${VAR}`); secret-like headers must be one. */
  headers: Record<string, string>;
}

/** What an admin configures for one server; its name is its tools' group. */
export type ServerConfig = { name: string; enabled: boolean } & (StdioServerConfig | HttpServerConfig);

/** The rule a server's name follows: it is the group of its tools, so it is also their prefix. */
export const SERVER_NAME_PATTERN = /^[a-z][a-z0-9]{0,31}$/;
export const SERVER_NAME_RULE = 'A server name is 1–32 lower-case letters and digits, starting with a letter (it becomes the tools\' group and prefix)';

/** Keys whose values are credentials: they may only hold a reference, never the value. */
const secretKeyPattern = /auth|token|secret|password|passwd|key|cookie|credential|session/i;
/** A credential value: one reference, optionally after a scheme word (`Bearer ${secret:TOKEN}`). */
const referenceOnlyPattern = /^(?:[A-Za-z]+ )?\$\{(?:secret:)?[A-Za-z_][A-Za-z0-9_]*\}$/;

/** Whether a key names a credential, whose value must be a reference. */
export function isSecretKey(key: string): boolean {
  return secretKeyPattern.test(key);
}

/** Why a value under a secret-like key is refused, or undefined when it is a reference. */
export function secretValueProblem(key: string, value: string): string | undefined {
  if (!isSecretKey(key) || referenceOnlyPattern.test(value)) return undefined;
  return `"${key}" looks like a credential: store the value as a secret (Settings → Secrets) and give a reference to it, such as \${secret:${key.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}}, not the value`;
}

/** One text of a configuration that may hold references, and its JSON pointer in the server's body. */
export interface ReferenceField {
  pointer: string;
  text: string;
  /** The key of a header or environment entry, which may have to be a credential reference. */
  key?: string;
}

/** The texts of a configuration that references are resolved in: url and headers, or args and env. */
export function referenceFields(config: StdioServerConfig | HttpServerConfig): ReferenceField[] {
  const entries = (field: string, values: Record<string, string>) =>
    Object.entries(values).map(([key, text]) => ({ pointer: `/${field}/${escapeToken(key)}`, text, key }));
  if (config.transport === 'http') return [{ pointer: '/url', text: config.url }, ...entries('headers', config.headers)];
  return [...config.args.map((text, index) => ({ pointer: `/args/${index}`, text })), ...entries('env', config.env)];
}

function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Replaces every reference in the values with `lookup`'s value for it. `lookup` throws an Error
 * naming the reference (never a value) when it may not or cannot be resolved, which makes the
 * server unavailable with that reason.
 */
export function resolveReferences<T extends string | readonly string[] | Record<string, string>>(value: T, lookup: ReferenceLookup): T {
  const one = (text: string) => replaceReferences(text, lookup);
  let resolved: unknown;
  if (typeof value === 'string') resolved = one(value);
  else if (Array.isArray(value)) resolved = value.map(one);
  else resolved = Object.fromEntries(Object.entries(value).map(([key, text]) => [key, one(text as string)]));
  return resolved as T;
}

/** The value of one reference; throws an Error naming the reference when it has none it may give. */
export type ReferenceLookup = (reference: Reference) => string;

/** What the reference rule is checked against: the operator's allowlist, and the store's secret names when known. */
export interface ReferenceRule {
  isEnvAllowed: EnvAllowlist;
  /** The names in the secret store; without it, secrets are not checked for existence. */
  secretNames?: ReadonlySet<string>;
}

/**
 * Why one text of a configuration is refused, or undefined: a credential-like key that holds
 * something other than one reference, a malformed reference, an environment variable the
 * operator does not allow, a secret in a stdio argument (visible to every process on the host),
 * or a secret the store does not hold.
 */
export function fieldReferenceProblem(field: ReferenceField, { isEnvAllowed, secretNames }: ReferenceRule): string | undefined {
  const keyProblem = field.key === undefined ? undefined : secretValueProblem(field.key, field.text);
  if (keyProblem) return keyProblem;
  for (const reference of referencesIn(field.text)) {
    const problem = referenceRuleProblem(reference, isEnvAllowed);
    if (problem) return problem;
    if (reference.kind !== 'secret') continue;
    if (field.pointer.startsWith('/args/')) return `${reference.text}: give a stdio server its secrets in env, not in its arguments, which every process on the host can read`;
    if (secretNames && !secretNames.has(reference.name)) return `${reference.text} names no secret of the store: an admin creates it under Settings → Secrets first`;
  }
  return undefined;
}

/** Every refused text of a configuration, each with its pointer (empty when the configuration may be saved and connected). */
export function configReferenceProblems(config: StdioServerConfig | HttpServerConfig, rule: ReferenceRule): { pointer: string; message: string }[] {
  return referenceFields(config).flatMap((field) => {
    const message = fieldReferenceProblem(field, rule);
    return message ? [{ pointer: field.pointer, message }] : [];
  });
}

/** The secret names a configuration references, each once. */
export function configSecretNames(config: StdioServerConfig | HttpServerConfig): string[] {
  return [...new Set(referenceFields(config).flatMap((field) => secretNamesIn(field.text)))];
}
