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
