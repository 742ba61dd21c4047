import { isPlainObject } from '@/lib/json-pointer';

/** One setting as the assignment list shows it. */
export interface SummaryItem {
  readonly key: string;
  /** The setting's title when the schema gives one, else its key. */
  readonly label: string;
  readonly text: string;
}

const MAX_TEXT = 80;
export const MASK = '••••••';
// Without a schema (the tool is missing) a secret can only be recognised by its name.
const SECRET_NAME = /pass(word)?|secret|token|api[-_]?key|credential/i;

/**
 * The overrides as short "label: value" items, in the schema's property order, secrets
 * (`format: password`, or a secret-looking name when there is no schema) masked.
 */
export function summarizeOverrides(overrides: Record<string, unknown>, schema?: Record<string, unknown>): SummaryItem[] {
  const properties = isPlainObject(schema?.properties) ? schema.properties : {};
  const order = Object.keys(properties);
  const keys = Object.keys(overrides).sort((a, b) => rank(order, a) - rank(order, b));
  return keys.map((key) => {
    const property = isPlainObject(properties[key]) ? properties[key] : undefined;
    const isSecret = property ? property.format === 'password' : SECRET_NAME.test(key);
    const label = typeof property?.title === 'string' && property.title.trim() ? property.title.trim() : key;
    return { key, label, text: isSecret ? MASK : shorten(formatValue(overrides[key])) };
  });
}

function rank(order: readonly string[], key: string): number {
  const index = order.indexOf(key);
  return index === -1 ? order.length : index;
}

function formatValue(value: unknown): string {
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    return value.length === 0 ? '(none)' : value.map(String).join(', ');
  }
  return JSON.stringify(value) ?? String(value);
}

function shorten(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}
