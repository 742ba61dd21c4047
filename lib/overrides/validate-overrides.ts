import 'server-only';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FieldError } from '@/lib/app-error';
import { escapePointerToken, isPlainObject, unescapePointerToken } from '@/lib/json-pointer';

/** How many compiled schemas are cached; plugins bring a few hundred at most. */
const MAX_CACHED_VALIDATORS = 1000;

type Check = (value: unknown) => FieldError[];

// addUsedSchema: false keeps two plugins' schemas with one $id from clashing in this instance.
const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: false, verbose: true, addUsedSchema: false });
addFormats(ajv);

const validators = new Map<string, Check>();
/**
 * The same checks by schema object: a registry reading hands out the same schema objects call
 * after call, so the hot path (a tool call checks its saved overrides) skips serialising them.
 */
const byObject = new WeakMap<object, Check>();
let compiled = 0;

/**
 * Checks a tool's overrides against its `overridesSchema()`. Each distinct schema is compiled
 * once and cached. Errors point into the request body (`/overrides/baseDir`) and use the
 * setting's title when the schema gives one.
 */
export function validateOverrides(schema: unknown, value: unknown): FieldError[] {
  const isObject = typeof schema === 'object' && schema !== null;
  const known = isObject ? byObject.get(schema) : undefined;
  if (known) return known(value);
  const key = stableJson(schema);
  let check = validators.get(key);
  if (!check) {
    check = compile(schema);
    if (validators.size >= MAX_CACHED_VALIDATORS) validators.delete(validators.keys().next().value as string);
    validators.set(key, check);
  }
  if (isObject) byObject.set(schema, check);
  return check(value);
}

/** How many schemas have been compiled in this process; lets tests see the cache work. */
export function compiledValidatorCount(): number {
  return compiled;
}

function compile(schema: unknown): Check {
  compiled += 1;
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(typeof schema === 'boolean' ? schema : (schema as object));
  } catch (error) {
    // A plugin's broken schema makes every value invalid, with the reason, rather than a crash.
    const message = `The tool's overrides schema is not valid JSON Schema: ${error instanceof Error ? error.message : String(error)}`;
    return () => [{ pointer: '/overrides', message }];
  }
  return (value) => (validate(value) ? [] : (validate.errors ?? []).map(toFieldError));
}

function toFieldError(error: ErrorObject): FieldError {
  const base = `/overrides${error.instancePath}`;
  const params = error.params as Record<string, unknown>;
  if (typeof params.missingProperty === 'string') {
    const property = params.missingProperty;
    return { pointer: `${base}/${escapePointerToken(property)}`, message: `${titleOf(error.parentSchema, property) ?? property} is required` };
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    const property = params.additionalProperty;
    return { pointer: `${base}/${escapePointerToken(property)}`, message: `"${property}" is not a setting of this tool` };
  }
  const label = ownTitle(error.parentSchema) ?? itemLabel(error.instancePath) ?? lastSegment(error.instancePath) ?? 'Overrides';
  if (error.keyword === 'type' && typeof params.type === 'string') {
    return { pointer: base, message: `${label} must be ${withArticle(params.type.replaceAll(',', ' or '))}` };
  }
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    const allowed = params.allowedValues.map((v) => JSON.stringify(v)).join(', ');
    return { pointer: base, message: `${label} is ${JSON.stringify(error.data)}, which is not one of the allowed values (${allowed})` };
  }
  return { pointer: base, message: `${label} ${error.message ?? 'is not valid'}` };
}

function withArticle(type: string): string {
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

function titleOf(objectSchema: unknown, property: string): string | undefined {
  const properties = isPlainObject(objectSchema) ? objectSchema.properties : undefined;
  return isPlainObject(properties) ? ownTitle(properties[property]) : undefined;
}

function ownTitle(schema: unknown): string | undefined {
  return isPlainObject(schema) && typeof schema.title === 'string' && schema.title.trim() ? schema.title.trim() : undefined;
}

/** "Item 2 of groups" for `/groups/1`: an array item has no name of its own. */
function itemLabel(pointer: string): string | undefined {
  const segments = pointer.split('/');
  const index = segments.at(-1);
  if (index === undefined || !/^\d+$/.test(index) || segments.length < 3) return undefined;
  return `Item ${Number(index) + 1} of ${lastSegment(segments.slice(0, -1).join('/'))}`;
}

function lastSegment(pointer: string): string | undefined {
  const segment = pointer.split('/').pop();
  return segment ? unescapePointerToken(segment) : undefined;
}


/** JSON with object keys sorted, so equal schemas written in another key order share a validator. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (isPlainObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => value[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${stableJson(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
