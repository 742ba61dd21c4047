/** One reference token of an RFC 6901 JSON Pointer, escaped: `~` → `~0`, `/` → `~1`. */
export function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** One reference token of a JSON Pointer, unescaped (`~1` → `/`, then `~0` → `~`). */
export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** A JSON object: not an array, not null. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
