import 'server-only';
import { createHash } from 'node:crypto';
import { isPlainObject } from '@/lib/json-pointer';
import type { CatalogueEntry } from '@/registry';

/** What an editor approves of a tool: what the agent's model is told about it. */
export interface ToolFace {
  name: string;
  description: string;
  parametersSchema: Record<string, unknown>;
  annotations: Record<string, unknown> | null;
}

/** A catalogue entry's face. */
export function faceOf(entry: CatalogueEntry): ToolFace {
  return {
    name: entry.name,
    description: entry.description,
    parametersSchema: entry.parametersSchema as Record<string, unknown>,
    annotations: entry.annotations ? { ...entry.annotations } : null,
  };
}

/** SHA-256 of the face as canonical JSON (keys sorted), so key order never reads as a change. */
export function fingerprintOf(face: ToolFace): string {
  return createHash('sha256').update(canonical(face)).digest('hex');
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isPlainObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Why a new face breaks what was approved: parameters it now requires that the approved one did
 * not (the agent's model has never been told to send them). Empty when it does not break it.
 */
export function breakingChanges(approved: ToolFace, current: ToolFace): string[] {
  const required = (schema: Record<string, unknown>) => (Array.isArray(schema.required) ? schema.required.map(String) : []);
  const before = new Set(required(approved.parametersSchema));
  return required(current.parametersSchema)
    .filter((name) => !before.has(name))
    .map((name) => `The tool now requires the parameter "${name}"`);
}

/** Which parts of the face changed. */
export function changedParts(approved: ToolFace, current: ToolFace): ('description' | 'parametersSchema' | 'annotations')[] {
  return (['description', 'parametersSchema', 'annotations'] as const).filter((part) => canonical(approved[part]) !== canonical(current[part]));
}

/**
 * What changed, in words, one line each: `description changed`; each parameter added, removed,
 * changed, now or no longer required (`parameters schema changed` for a change outside them);
 * each annotation as `destructiveHint: false → true` (`not set` where absent).
 */
export function describeChanges(approved: ToolFace, current: ToolFace): string[] {
  const lines: string[] = [];
  if (canonical(approved.description) !== canonical(current.description)) lines.push('description changed');
  lines.push(...parameterChanges(approved.parametersSchema, current.parametersSchema));
  const before = approved.annotations ?? {};
  const after = current.annotations ?? {};
  for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    if (canonical(before[key]) === canonical(after[key])) continue;
    lines.push(`${key}: ${annotationWord(before[key])} → ${annotationWord(after[key])}`);
  }
  return lines;
}

function parameterChanges(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const properties = (schema: Record<string, unknown>) => (isPlainObject(schema.properties) ? schema.properties : {});
  const required = (schema: Record<string, unknown>) => new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const [was, is] = [properties(before), properties(after)];
  const [wasRequired, isRequired] = [required(before), required(after)];
  const lines: string[] = [];
  for (const name of [...new Set([...Object.keys(was), ...Object.keys(is)])].sort()) {
    if (!Object.hasOwn(is, name)) lines.push(`parameter "${name}" removed`);
    else if (!Object.hasOwn(was, name)) lines.push(`parameter "${name}" added${isRequired.has(name) ? ' (required)' : ''}`);
    else {
      if (canonical(was[name]) !== canonical(is[name])) lines.push(`parameter "${name}" changed`);
      if (!wasRequired.has(name) && isRequired.has(name)) lines.push(`parameter "${name}" now required`);
      if (wasRequired.has(name) && !isRequired.has(name)) lines.push(`parameter "${name}" no longer required`);
    }
  }
  const rest = (schema: Record<string, unknown>) => canonical({ ...schema, properties: undefined, required: undefined });
  if (lines.length === 0 && canonical(before) !== canonical(after)) lines.push('parameters schema changed');
  else if (rest(before) !== rest(after)) lines.push('parameters schema changed beyond its parameters');
  return lines;
}

function annotationWord(value: unknown): string {
  if (value === undefined || value === null) return 'not set';
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
