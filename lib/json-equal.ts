import { isPlainObject } from './json-pointer';

/** Whether two JSON values are equal, whatever the order of their objects' keys. */
export function isJsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => isJsonEqual(item, b[index]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && isJsonEqual(a[key], b[key]));
  }
  return false;
}
