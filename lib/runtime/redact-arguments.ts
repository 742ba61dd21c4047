import 'server-only';
import { isPlainObject, unescapePointerToken } from '@/lib/json-pointer';

/** What stands in the audit log for a value the schema marks secret. */
export const REDACTED = '[redacted]';

/** Values nested deeper than this are redacted whole: no schema walk goes on without end. */
const MAX_DEPTH = 64;
/** Subschemas gathered for one value at most (a schema of many nested `anyOf`s cannot blow up). */
const MAX_SCHEMAS_PER_VALUE = 512;

type Schema = Record<string, unknown>;

/** Whether one subschema marks its value secret: `format: "password"` or `writeOnly: true`. */
export function isSecretSchema(schema: unknown): boolean {
  return isPlainObject(schema) && (schema.format === 'password' || schema.writeOnly === true);
}

/**
 * A copy of the arguments for the audit log and the approvals, with every value the schema
 * marks secret (`format: "password"` or `writeOnly: true`) replaced by `[redacted]`. It walks
 * the schema as the validator does: local `$ref`s (into `$defs`, `definitions` or any pointer,
 * each followed once per value, so a cycle ends), `allOf`/`anyOf`/`oneOf`, `if`/`then`/`else`,
 * `dependentSchemas` (and draft-07 schema `dependencies`), `properties`, `patternProperties`,
 * `additionalProperties`, `unevaluatedProperties`, `prefixItems`, `items` (both forms),
 * `additionalItems` and `unevaluatedItems`. Every branch counts whether the value matches it
 * or not: an audit copy may lose a harmless value, never keep a secret one. Values nested
 * deeper than 64 levels are redacted whole. A placeholder (`isPlaceholder`: a workflow's input
 * before it is known) is redacted wherever any part of the value the schema expects there could be
 * secret, such as an object whose inner field is a password.
 */
export function redactArguments(schema: unknown, value: unknown, options: { isPlaceholder?: (value: unknown) => boolean } = {}): unknown {
  if (!isPlainObject(schema)) return value;
  return redactWith(gather(schema, [schema], value), value, schema, 0, options.isPlaceholder);
}

function redactWith(schemas: readonly Schema[], value: unknown, root: Schema, depth: number, isPlaceholder?: (value: unknown) => boolean): unknown {
  if (value === undefined) return value;
  if (schemas.some(isSecretSchema)) return REDACTED;
  if (isPlaceholder?.(value) && holdsSecret(root, schemas)) return REDACTED;
  if (depth >= MAX_DEPTH && (Array.isArray(value) || isPlainObject(value))) return REDACTED;
  if (Array.isArray(value)) {
    return value.map((item, index) => redactWith(gather(root, itemSchemas(schemas, index), item), item, root, depth + 1, isPlaceholder));
  }
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    result[key] = redactWith(gather(root, propertySchemas(schemas, key), inner), inner, root, depth + 1, isPlaceholder);
  }
  return result;
}

/**
 * Every subschema that applies to `value` where `start` apply: each of them and, through the
 * in-place applicators, the schemas they reach. Each schema object is taken once, so a `$ref` cycle ends.
 */
function gather(root: Schema, start: readonly unknown[], value: unknown): Schema[] {
  const seen = new Set<Schema>();
  const pending = [...start];
  while (pending.length > 0 && seen.size < MAX_SCHEMAS_PER_VALUE) {
    const schema = pending.pop();
    if (!isPlainObject(schema) || seen.has(schema)) continue;
    seen.add(schema);
    for (const ref of [schema.$ref, schema.$dynamicRef]) {
      if (typeof ref === 'string') pending.push(resolveRef(root, ref));
    }
    for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
      const branches = schema[keyword];
      if (Array.isArray(branches)) pending.push(...branches);
    }
    pending.push(schema.if, schema.then, schema.else);
    if (isPlainObject(value)) {
      for (const keyword of ['dependentSchemas', 'dependencies'] as const) {
        const dependent = schema[keyword];
        if (!isPlainObject(dependent)) continue;
        for (const key of Object.keys(value)) if (isPlainObject(dependent[key])) pending.push(dependent[key]);
      }
    }
  }
  return [...seen];
}

/** Keywords whose value is one subschema, a list of them, or a map of them. */
const ONE_SUBSCHEMA = ['additionalProperties', 'unevaluatedProperties', 'items', 'additionalItems', 'unevaluatedItems', 'contains', 'not', 'if', 'then', 'else'] as const;
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'] as const;
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', 'dependencies', '$defs', 'definitions'] as const;

/** Whether any value the schemas accept could hold a part they mark secret: a secret subschema anywhere beneath them (references followed, within the size limit). */
function holdsSecret(root: Schema, start: readonly Schema[]): boolean {
  const seen = new Set<Schema>();
  const pending: unknown[] = [...start];
  while (pending.length > 0 && seen.size < MAX_SCHEMAS_PER_VALUE * 8) {
    const schema = pending.pop();
    if (!isPlainObject(schema) || seen.has(schema)) continue;
    if (isSecretSchema(schema)) return true;
    seen.add(schema);
    for (const ref of [schema.$ref, schema.$dynamicRef]) if (typeof ref === 'string') pending.push(resolveRef(root, ref));
    for (const keyword of ONE_SUBSCHEMA) pending.push(schema[keyword]);
    for (const keyword of SUBSCHEMA_LISTS) if (Array.isArray(schema[keyword])) pending.push(...(schema[keyword] as unknown[]));
    for (const keyword of SUBSCHEMA_MAPS) if (isPlainObject(schema[keyword])) pending.push(...Object.values(schema[keyword]));
  }
  // Past the limit, the safe side: it may.
  return pending.length > 0;
}

/** The schemas an object's property `key` is checked against. */
function propertySchemas(schemas: readonly Schema[], key: string): unknown[] {
  const found: unknown[] = [];
  let isEvaluated = false;
  for (const schema of schemas) {
    const named = isPlainObject(schema.properties) && Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
    const patterned = isPlainObject(schema.patternProperties) ? Object.entries(schema.patternProperties).filter(([pattern]) => matches(pattern, key)).map(([, inner]) => inner) : [];
    if (named !== undefined) found.push(named);
    found.push(...patterned);
    if (named !== undefined || patterned.length > 0) isEvaluated = true;
    else found.push(schema.additionalProperties);
  }
  if (!isEvaluated) found.push(...schemas.map((schema) => schema.unevaluatedProperties));
  return found;
}

/** The schemas an array's item at `index` is checked against: a tuple's own (`prefixItems`, or draft-07 `items` as an array), else `items`/`additionalItems`. */
function itemSchemas(schemas: readonly Schema[], index: number): unknown[] {
  const found: unknown[] = [];
  for (const schema of schemas) {
    const tuple = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : undefined;
    if (tuple && index < tuple.length) found.push(tuple[index]);
    else if (tuple) found.push(Array.isArray(schema.items) ? schema.additionalItems : schema.items);
    else found.push(schema.items);
    found.push(schema.unevaluatedItems);
  }
  return found;
}

/** The schema a local reference (`#`, `#/$defs/x`, any JSON Pointer) names in the root; undefined for one elsewhere. */
function resolveRef(root: Schema, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return findAnchor(root, pointer);
  for (const token of pointer.slice(1).split('/')) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isPlainObject(node)) node = node[unescapePointerToken(token)];
    else return undefined;
  }
  return node;
}

/** The subschema whose `$anchor` (or draft-07 `$id: "#name"`) is `name`, searched breadth first within the size limit. */
function findAnchor(root: Schema, name: string): Schema | undefined {
  const queue: unknown[] = [root];
  for (let visited = 0; queue.length > 0 && visited < MAX_SCHEMAS_PER_VALUE * 8; visited += 1) {
    const node = queue.shift();
    if (Array.isArray(node)) queue.push(...node);
    if (!isPlainObject(node)) continue;
    if (node.$anchor === name || node.$dynamicAnchor === name || node.$id === `#${name}`) return node;
    queue.push(...Object.values(node));
  }
  return undefined;
}

const patterns = new Map<string, RegExp | null>();

/** Whether a `patternProperties` pattern matches a key; one that does not compile matches every key (redacting too much is the safe side). */
function matches(pattern: string, key: string): boolean {
  let compiled = patterns.get(pattern);
  if (compiled === undefined) {
    try {
      compiled = new RegExp(pattern, 'u');
    } catch {
      compiled = null;
    }
    if (patterns.size >= 1000) patterns.clear();
    patterns.set(pattern, compiled);
  }
  return compiled === null || compiled.test(key);
}
