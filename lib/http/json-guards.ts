import 'server-only';
import { escapePointerToken } from '@/lib/json-pointer';

/** The deepest nesting of arrays and objects a request body may have. */
export const MAX_JSON_DEPTH = 32;

/** Keys that could reach an object's prototype if a body were ever merged into another object. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The deepest nesting of `[`/`{` in JSON text, found by scanning the characters (brackets inside
 * strings do not count). Runs before `JSON.parse`, so absurdly deep input is refused without
 * being parsed at all.
 */
export function jsonNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let isInString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (isInString) {
      if (char === 0x5c /* \ */) index++;
      else if (char === 0x22 /* " */) isInString = false;
    } else if (char === 0x22) {
      isInString = true;
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      depth--;
    }
  }
  return deepest;
}

/**
 * The JSON Pointer of the first forbidden key anywhere in a parsed value, or undefined.
 * Walks own keys only (`JSON.parse` makes `__proto__` an own property, so it is seen here).
 */
export function findForbiddenKey(value: unknown): string | undefined {
  // Pointers are built only for a body that has such a key: the common one is walked bare.
  return hasForbiddenKey(value) ? forbiddenKeyPointer(value) : undefined;
}

function hasForbiddenKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key) || hasForbiddenKey((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

function forbiddenKeyPointer(value: unknown): string | undefined {
  const pending: { value: unknown; pointer: string }[] = [{ value, pointer: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    for (const key of Object.keys(next.value)) {
      const pointer = `${next.pointer}/${escapePointerToken(key)}`;
      if (FORBIDDEN_KEYS.has(key)) return pointer;
      pending.push({ value: (next.value as Record<string, unknown>)[key], pointer });
    }
  }
  return undefined;
}
