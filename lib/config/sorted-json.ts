/** A JSON value with every object's keys in code-unit order, so its text is stable. */
export function sortedJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedJson);
  if (typeof value !== 'object' || value === null) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortedJson((value as Record<string, unknown>)[key]);
  return sorted;
}

/** Whether two JSON values are equal, whatever their keys' order. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortedJson(a)) === JSON.stringify(sortedJson(b));
}
