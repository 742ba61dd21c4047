import 'server-only';
import { isPlainObject } from '@/lib/json-pointer';
import { escapePointerToken } from '@/lib/json-pointer';

// Keywords OpenAI's structured outputs (strict mode) documents as unsupported.
const UNSUPPORTED = ['allOf', 'not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas', 'patternProperties', 'unevaluatedProperties', 'propertyNames', 'minProperties', 'maxProperties', 'contains'];
const MAX_DEPTH = 10;

/**
 * Why OpenAI's strict mode would refuse a parameters schema: the root must be an object; every
 * object must set `additionalProperties: false` and list all its properties in `required`;
 * some keywords are not supported; at most 10 levels of nesting. Each problem names its place.
 */
export function strictSchemaProblems(schema: unknown): string[] {
  const problems: string[] = [];
  if (!isPlainObject(schema) || schema.type !== 'object') problems.push('the root must be of type "object"');
  if (isPlainObject(schema) && schema.anyOf !== undefined) problems.push('the root must not be an anyOf');
  visit(schema, '', 0, problems);
  return problems;
}

function visit(schema: unknown, pointer: string, depth: number, problems: string[]): void {
  if (!isPlainObject(schema)) return;
  const at = pointer || '/';
  if (depth > MAX_DEPTH) {
    problems.push(`${at}: nested deeper than ${MAX_DEPTH} levels`);
    return;
  }
  for (const keyword of UNSUPPORTED) if (schema[keyword] !== undefined) problems.push(`${at}: "${keyword}" is not supported`);
  const properties = isPlainObject(schema.properties) ? schema.properties : undefined;
  if (schema.type === 'object' || properties) {
    if (schema.additionalProperties !== false) problems.push(`${at}: an object needs "additionalProperties": false`);
    const required = Array.isArray(schema.required) ? schema.required : [];
    const optional = Object.keys(properties ?? {}).filter((name) => !required.includes(name));
    if (optional.length > 0) problems.push(`${at}: every property must be required (not: ${optional.join(', ')})`);
  }
  for (const [name, child] of Object.entries(properties ?? {})) visit(child, `${pointer}/properties/${escapePointerToken(name)}`, depth + 1, problems);
  if (schema.items !== undefined) visit(schema.items, `${pointer}/items`, depth + 1, problems);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const variants = schema[key];
    if (Array.isArray(variants)) variants.forEach((variant, index) => visit(variant, `${pointer}/${key}/${index}`, depth + 1, problems));
  }
  for (const key of ['$defs', 'definitions'] as const) {
    const definitions = schema[key];
    if (isPlainObject(definitions)) {
      for (const [name, child] of Object.entries(definitions)) visit(child, `${pointer}/${key}/${escapePointerToken(name)}`, depth, problems);
    }
  }
}
