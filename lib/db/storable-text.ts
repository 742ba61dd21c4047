import 'server-only';

/**
 * Whether both engines can store and compare `value`: PostgreSQL's text cannot hold U+0000
 * (it answers "invalid byte sequence") while SQLite can, so a NUL is refused or treated as
 * "no such row" before it reaches a query.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000');
}
