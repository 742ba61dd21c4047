/**
 * `${…}` references in a server's `url`, `headers`, `env` and `args`: `${secret:NAME}` names a
 * secret of the store, `${NAME}` an environment variable of the app, which only the ones the
 * operator lists in SERVER_ENV_ALLOWLIST may be. Pure functions: the API, the config file and the
 * connection all apply the same rule.
 */

/** One reference as written, and what it names. */
export interface Reference {
  kind: 'secret' | 'env';
  name: string;
  /** The reference as written, e.g. `${secret:GITHUB_TOKEN}`. */
  text: string;
}

const NAME = '[A-Za-z_][A-Za-z0-9_]*';
/** Anything in `${…}`: what is inside is checked, so a malformed reference is refused, never sent on. */
const anyReference = /\$\{([^}]*)\}/g;
const wellFormed = new RegExp(`^(?:(secret):)?(${NAME})$`);

/** The references in a text, in order; a malformed one (`${secret:}`, `${A B}`) has kind `invalid`. */
export function referencesIn(text: string): (Reference | { kind: 'invalid'; text: string })[] {
  return [...text.matchAll(anyReference)].map((match) => {
    const found = wellFormed.exec(match[1]!);
    if (!found) return { kind: 'invalid', text: match[0] };
    return { kind: found[1] ? 'secret' : 'env', name: found[2]!, text: match[0] };
  });
}

/** Replaces each reference with `lookup`'s value for it (a text without references is returned as is). */
export function replaceReferences(text: string, lookup: (reference: Reference) => string): string {
  return text.replace(anyReference, (whole: string, inner: string) => {
    const found = wellFormed.exec(inner);
    if (!found) throw new Error(`${whole} is not a reference: write \${secret:NAME} or \${NAME}`);
    return lookup({ kind: found[1] ? 'secret' : 'env', name: found[2]!, text: whole });
  });
}

/** Which environment variables servers may reference, from SERVER_ENV_ALLOWLIST. */
export type EnvAllowlist = (name: string) => boolean;

/**
 * The allowlist of `SERVER_ENV_ALLOWLIST`: comma-separated names (`GITHUB_TOKEN`) and prefixes
 * (`MCP_*`); empty or unset allows none.
 */
export function envAllowlist(setting: string | undefined): EnvAllowlist {
  const names = new Set<string>();
  const prefixes: string[] = [];
  for (const entry of (setting ?? '').split(',').map((item) => item.trim()).filter((item) => item !== '')) {
    if (entry.endsWith('*')) {
      const prefix = entry.slice(0, -1);
      // A bare `*` would hand out the whole environment again: it allows nothing.
      if (prefix !== '') prefixes.push(prefix);
    } else {
      names.add(entry);
    }
  }
  return (name) => names.has(name) || prefixes.some((prefix) => name.startsWith(prefix));
}

/** Why a reference may not be used (before looking anything up), or undefined when it may. */
export function referenceRuleProblem(reference: Reference | { kind: 'invalid'; text: string }, isEnvAllowed: EnvAllowlist): string | undefined {
  if (reference.kind === 'invalid') return `${reference.text} is not a reference: write \${secret:NAME} for a secret, or \${NAME} for an environment variable the operator allows`;
  if (reference.kind === 'env' && !isEnvAllowed(reference.name)) {
    return `${reference.text} names an environment variable that servers may not read: store the value as a secret and write \${secret:${reference.name}}, or ask the operator to list ${reference.name} in SERVER_ENV_ALLOWLIST`;
  }
  return undefined;
}

/** The first rule problem of a text's references, or undefined. */
export function textReferenceProblem(text: string, isEnvAllowed: EnvAllowlist): string | undefined {
  for (const reference of referencesIn(text)) {
    const problem = referenceRuleProblem(reference, isEnvAllowed);
    if (problem) return problem;
  }
  return undefined;
}

/** The secret names a text references. */
export function secretNamesIn(text: string): string[] {
  return referencesIn(text).flatMap((reference) => (reference.kind === 'secret' ? [reference.name] : []));
}
