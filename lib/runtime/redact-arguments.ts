import 'server-only';
import { isPlainObject } from '@/lib/json-pointer';

/** What stands in the audit log for a value the schema marks secret. */
export const REDACTED = '[redacted]';

/**
 * A copy of the arguments for the audit log, with every value the schema marks
 * `format: "password"` or `writeOnly: true` replaced by `[redacted]`, in nested objects and
 * array items too.
 */
export function redactArguments(schema: unknown, value: unknown): unknown {
  if (!isPlainObject(schema)) return value;
  if (schema.format === 'password' || schema.writeOnly === true) return value === undefined ? value : REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactArguments(schema.items, item));
  if (!isPlainObject(value)) return value;
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    result[key] = key in properties ? redactArguments(properties[key], inner) : redactArguments(schema.additionalProperties, inner);
  }
  return result;
}
