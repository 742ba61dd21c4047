import 'server-only';
import { ROLES, type Role } from './permissions';

/** One `group=role` pair of OIDC_ROLE_MAP. */
export interface RoleMapEntry {
  group: string;
  role: Role;
}

/** Single sign-on as the operator configured it (OIDC_*). */
export interface OidcConfig {
  /** The issuer identifier; discovery is read from `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  /** Shown as "Sign in with <providerName>". */
  providerName: string;
  /** The ID token claim that carries groups or roles (a dotted path reaches into objects). */
  roleClaim: string;
  roleMap: RoleMapEntry[];
  /** The role of someone none of whose groups is mapped, or `refuse` to turn them away. */
  defaultRole: 'viewer' | 'refuse';
}

/** How people sign in on this install. */
export interface SignInSettings {
  /** Null when OIDC_ISSUER is not set. */
  oidc: OidcConfig | null;
  /** False with LOCAL_SIGN_IN=off: passwords work for break-glass admins only. */
  isLocalSignInOn: boolean;
}

/** The configuration is wrong; `problems` names each variable at fault. */
export class SignInConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Sign-in settings are wrong: ${problems.join('; ')}`);
    this.name = 'SignInConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

const MAX_ROLE_MAP_ENTRIES = 100;
const MAX_GROUP_LENGTH = 256;
const MAX_SCOPES = 20;
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]{1,100}$/;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const OIDC_VARIABLES = ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_SCOPES', 'OIDC_PROVIDER_NAME', 'OIDC_ROLE_CLAIM', 'OIDC_ROLE_MAP', 'OIDC_DEFAULT_ROLE'];

/** `OIDC_CLIENT_SECRET=${secret:NAME}`: the client secret is the secret store's `NAME`. */
const SECRET_REFERENCE = /^\$\{secret:([A-Za-z_][A-Za-z0-9_]{0,63})\}$/;
/** Where `loadOidcClientSecret` leaves the store's value for every bundle of this process. */
const STORED_SECRET = Symbol.for('tools-admin.oidc-client-secret');

/** The secret store's name that OIDC_CLIENT_SECRET references, or undefined for a plain value. */
export function oidcClientSecretReference(env: Env = process.env): string | undefined {
  return SECRET_REFERENCE.exec(env.OIDC_CLIENT_SECRET?.trim() ?? '')?.[1];
}

/** Keeps the referenced secret's value in this process (`loadOidcClientSecret` at startup). */
export function rememberOidcClientSecret(value: string | undefined): void {
  (globalThis as Record<symbol, unknown>)[STORED_SECRET] = value;
}

/**
 * The OIDC client secret: the plain value of OIDC_CLIENT_SECRET, or, for `${secret:NAME}`, the
 * store's value read once at startup (`loadOidcClientSecret`); undefined when neither is there.
 */
export function resolveOidcClientSecret(env: Env = process.env): string | undefined {
  const value = env.OIDC_CLIENT_SECRET;
  if (value === undefined || value === '') return undefined;
  if (oidcClientSecretReference(env) === undefined) return value;
  const stored = (globalThis as Record<symbol, unknown>)[STORED_SECRET];
  return typeof stored === 'string' ? stored : undefined;
}

/**
 * Reads and checks the sign-in settings (OIDC_*, LOCAL_SIGN_IN), collecting every problem
 * before it throws one {@link SignInConfigError}, so the operator fixes them in one go. Values
 * are bounded (lengths, counts); the secret is never part of a message.
 */
export function parseSignInSettings(env: Env): SignInSettings {
  const problems: string[] = [];
  const isLocalSignInOn = parseLocalSignIn(env.LOCAL_SIGN_IN, problems);
  const issuerValue = env.OIDC_ISSUER?.trim();
  if (!issuerValue) {
    const stray = OIDC_VARIABLES.filter((name) => env[name]?.trim());
    if (stray.length > 0) problems.push(`${stray.join(', ')} set but OIDC_ISSUER is not; set OIDC_ISSUER to turn on single sign-on, or remove them`);
    if (!isLocalSignInOn) problems.push('LOCAL_SIGN_IN=off needs single sign-on (OIDC_ISSUER); otherwise only break-glass admins could sign in');
    if (problems.length > 0) throw new SignInConfigError(problems);
    return { oidc: null, isLocalSignInOn };
  }
  const issuer = parseIssuer(issuerValue, problems);
  const clientId = env.OIDC_CLIENT_ID?.trim() ?? '';
  if (!clientId) problems.push('OIDC_CLIENT_ID is required with OIDC_ISSUER');
  else if (clientId.length > 255) problems.push('OIDC_CLIENT_ID is longer than 255 characters');
  const clientSecret = resolveOidcClientSecret(env);
  const secretName = oidcClientSecretReference(env);
  if (clientSecret === undefined && secretName !== undefined) {
    problems.push(`OIDC_CLIENT_SECRET references \${secret:${secretName}}, which the secret store does not hold (start without OIDC_ISSUER, set it on /settings/secrets, then start again)`);
  } else if (clientSecret === undefined) problems.push('OIDC_CLIENT_SECRET is required with OIDC_ISSUER (the client is confidential)');
  else if (clientSecret.length > 1024) problems.push('OIDC_CLIENT_SECRET is longer than 1024 characters');
  const scopes = parseScopes(env.OIDC_SCOPES, problems);
  const providerName = parseProviderName(env.OIDC_PROVIDER_NAME, problems);
  const roleClaim = parseRoleClaim(env.OIDC_ROLE_CLAIM, problems);
  const roleMap = parseRoleMap(env.OIDC_ROLE_MAP ?? '', problems);
  const defaultRole = parseDefaultRole(env.OIDC_DEFAULT_ROLE, problems);
  if (defaultRole === 'refuse' && roleMap.length === 0) problems.push('OIDC_DEFAULT_ROLE=refuse needs OIDC_ROLE_MAP; otherwise nobody could sign in with single sign-on');
  if (problems.length > 0 || !issuer || clientSecret === undefined) throw new SignInConfigError(problems);
  return {
    oidc: { issuer, discoveryUrl: `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, clientId, clientSecret, scopes, providerName, roleClaim, roleMap, defaultRole },
    isLocalSignInOn,
  };
}

function parseLocalSignIn(value: string | undefined, problems: string[]): boolean {
  const word = value?.trim().toLowerCase() ?? '';
  if (word === '' || word === 'on') return true;
  if (word === 'off') return false;
  problems.push(`LOCAL_SIGN_IN must be "on" or "off", not "${value?.slice(0, 40)}"`);
  return true;
}

function parseIssuer(value: string, problems: string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`OIDC_ISSUER "${value.slice(0, 200)}" is not an absolute URL`);
    return undefined;
  }
  if (value.length > 2000) problems.push('OIDC_ISSUER is longer than 2000 characters');
  else if (url.search || url.hash || url.username || url.password) problems.push('OIDC_ISSUER must not carry a query, a fragment or credentials');
  else if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) return value;
  else problems.push('OIDC_ISSUER must use https (http only on localhost or 127.0.0.1)');
  return undefined;
}

function parseScopes(value: string | undefined, problems: string[]): string[] {
  const scopes = [...new Set((value?.trim() || 'openid email profile').split(/[\s,]+/).filter(Boolean))];
  if (scopes.length > MAX_SCOPES) problems.push(`OIDC_SCOPES lists more than ${MAX_SCOPES} scopes`);
  const bad = scopes.find((scope) => !SCOPE_TOKEN.test(scope));
  if (bad !== undefined) problems.push(`OIDC_SCOPES: "${bad.slice(0, 40)}" is not a scope`);
  if (!scopes.includes('openid')) problems.push('OIDC_SCOPES must include "openid"');
  if (!scopes.includes('email')) problems.push('OIDC_SCOPES must include "email" (accounts are matched by email)');
  return scopes;
}

function parseProviderName(value: string | undefined, problems: string[]): string {
  const name = value?.trim() || 'single sign-on';
  if (name.length > 60) problems.push('OIDC_PROVIDER_NAME is longer than 60 characters');
  if (/[\x00-\x1f\x7f]/.test(name)) problems.push('OIDC_PROVIDER_NAME must not contain control characters');
  return name;
}

function parseRoleClaim(value: string | undefined, problems: string[]): string {
  const claim = value?.trim() || 'groups';
  if (claim.length > 200 || !/^[^\s]+$/.test(claim)) problems.push('OIDC_ROLE_CLAIM must be one claim name (no spaces, at most 200 characters)');
  return claim;
}

/** `tools-admins=admin, tools-editors=editor`: a group may be named once; roles are admin, editor or viewer. */
export function parseRoleMap(value: string, problems: string[]): RoleMapEntry[] {
  const entries: RoleMapEntry[] = [];
  const pairs = value.split(',').map((pair) => pair.trim()).filter(Boolean);
  if (pairs.length > MAX_ROLE_MAP_ENTRIES) {
    problems.push(`OIDC_ROLE_MAP has more than ${MAX_ROLE_MAP_ENTRIES} entries`);
    return entries;
  }
  for (const pair of pairs) {
    const at = pair.lastIndexOf('=');
    const group = pair.slice(0, at).trim();
    const role = pair.slice(at + 1).trim();
    if (at <= 0 || !group) {
      problems.push(`OIDC_ROLE_MAP: "${pair.slice(0, 80)}" is not group=role`);
    } else if (group.length > MAX_GROUP_LENGTH) {
      problems.push(`OIDC_ROLE_MAP: a group name is longer than ${MAX_GROUP_LENGTH} characters`);
    } else if (!(ROLES as readonly string[]).includes(role)) {
      problems.push(`OIDC_ROLE_MAP: "${role.slice(0, 40)}" (for ${group.slice(0, 80)}) is not a role; use ${ROLES.join(', ')}`);
    } else if (entries.some((entry) => entry.group === group)) {
      problems.push(`OIDC_ROLE_MAP names the group "${group.slice(0, 80)}" twice`);
    } else {
      entries.push({ group, role: role as Role });
    }
  }
  return entries;
}

function parseDefaultRole(value: string | undefined, problems: string[]): 'viewer' | 'refuse' {
  const word = value?.trim().toLowerCase() || 'viewer';
  if (word === 'viewer' || word === 'refuse') return word;
  problems.push(`OIDC_DEFAULT_ROLE must be "viewer" or "refuse", not "${value?.slice(0, 40)}"`);
  return 'viewer';
}

const SIGN_IN_VARIABLES = ['LOCAL_SIGN_IN', 'OIDC_ISSUER', ...OIDC_VARIABLES];
let cached: { key: string; settings: SignInSettings } | undefined;

/** The sign-in settings of this process's environment, parsed again only when a variable changed; throws {@link SignInConfigError}. */
export function signInSettings(env: Env = process.env): SignInSettings {
  const key = SIGN_IN_VARIABLES.map((name) => env[name] ?? '').join('\0');
  if (cached?.key !== key) cached = { key, settings: parseSignInSettings(env) };
  return cached.settings;
}
