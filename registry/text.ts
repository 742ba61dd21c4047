/** Code-unit order: the same on every machine and locale, so listings are stable. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The first line of a text, for one-line listings. */
export function firstLine(text: string): string {
  return (text.split('\n', 1)[0] ?? '').trim();
}

/** A short description of a value for messages: its type, or the string itself. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value);
  return typeof value;
}
