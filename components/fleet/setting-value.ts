/** The settings a schema names at its top level, with their JSON types, in the schema's order. */
export function settingsOf(schema: Record<string, unknown>): { name: string; type: string; title: string }[] {
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null) return [];
  return Object.entries(properties as Record<string, Record<string, unknown>>).map(([name, property]) => ({
    name,
    type: typeof property.type === 'string' ? property.type : 'string',
    title: typeof property.title === 'string' ? property.title : name,
  }));
}

/** A typed value from what an admin typed, by the setting's type: a number, a boolean, JSON for objects and arrays, else the text. */
export function settingValue(text: string, type: string): unknown {
  const trimmed = text.trim();
  if (type === 'integer' || type === 'number') return trimmed === '' || Number.isNaN(Number(trimmed)) ? trimmed : Number(trimmed);
  if (type === 'boolean') return trimmed === 'true' ? true : trimmed === 'false' ? false : trimmed;
  if (type === 'object' || type === 'array') {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return trimmed;
    }
  }
  return text;
}
