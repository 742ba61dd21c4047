import 'server-only';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FieldError } from '@/lib/app-error';
import { escapePointerToken } from '@/lib/json-pointer';

const MAX_CACHED = 1000;
const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: false, addUsedSchema: false });
addFormats(ajv);
const cache = new Map<string, ValidateFunction | string>();

/**
 * Checks a call's arguments against the tool's `parametersSchema()`. Pointers point into the
 * request body (`/arguments/text`). A schema that does not compile refuses every call, saying so.
 */
export function validateArguments(schema: Record<string, unknown>, value: unknown): FieldError[] {
  const key = JSON.stringify(schema);
  let validate = cache.get(key);
  if (validate === undefined) {
    try {
      validate = ajv.compile(schema);
    } catch (error) {
      validate = `The tool's parameters schema is not valid JSON Schema: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(key, validate);
  }
  if (typeof validate === 'string') return [{ pointer: '/arguments', message: validate }];
  return validate(value) ? [] : (validate.errors ?? []).map(toFieldError);
}

function toFieldError(error: ErrorObject): FieldError {
  const params = error.params as Record<string, unknown>;
  const base = `/arguments${error.instancePath}`;
  if (typeof params.missingProperty === 'string') {
    return { pointer: `${base}/${escapePointerToken(params.missingProperty)}`, message: `"${params.missingProperty}" is required` };
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return { pointer: `${base}/${escapePointerToken(params.additionalProperty)}`, message: `"${params.additionalProperty}" is not a parameter of this tool` };
  }
  return { pointer: base, message: `${error.instancePath ? error.instancePath.slice(1) : 'The arguments'} ${error.message ?? 'are not valid'}` };
}
