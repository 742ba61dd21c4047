/** A secret's name: letters, digits and `_`, not starting with a digit, at most 64 (as in `${secret:NAME}`). */
export const SECRET_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const SECRET_NAME_RULE = 'A secret name is 1–64 letters, digits and _, not starting with a digit';

/** The largest value a secret may hold, in UTF-8 bytes. */
export const MAX_SECRET_BYTES = 64 * 1024;

/** How a server's configuration refers to a secret. */
export function secretReference(name: string): string {
  return `\${secret:${name}}`;
}

/** What anyone is ever shown of a secret: never its value. */
export interface SecretSummary {
  name: string;
  /** The id of the actor who set the current value, and their name at the time. */
  setBy: string;
  setByName: string;
  /** ISO 8601 time the current value was set. */
  setAt: string;
  /** The MCP servers whose configuration references it, by name. */
  usedBy: string[];
}
