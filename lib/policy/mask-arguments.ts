import 'server-only';
import { isPlainObject } from '@/lib/json-pointer';
import { REDACTED, redactArguments } from '@/lib/runtime/redact-arguments';

/** Names of arguments that hold credentials, whatever their schema says. */
const SECRET_NAME = /pass(word|phrase)?|secret|token|api[-_]?key|authori[sz]ation|credential|private[-_]?key/i;

/**
 * The arguments as a person may read them on the approvals page and in the audit log: values the
 * schema marks secret (`format: "password"`, `writeOnly`) and values under credential-like names masked.
 */
export function maskArguments(schema: Record<string, unknown>, args: Record<string, unknown>): unknown {
  return maskNamed(redactArguments(schema, args));
}

function maskNamed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskNamed);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_NAME.test(key) && inner !== undefined ? REDACTED : maskNamed(inner)]));
}
