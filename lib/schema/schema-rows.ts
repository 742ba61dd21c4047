/** One line of a schema table: a property, or the items of an array, at its nesting depth. */
export interface SchemaRow {
  /** Unique within the table, e.g. "options.tags[]". */
  readonly path: string;
  readonly name: string;
  readonly depth: number;
  readonly type: string;
  readonly required: boolean;
  readonly defaultValue?: string;
  readonly constraints: readonly string[];
  readonly description?: string;
}

type Schema = Record<string, unknown>;

const MAX_DEPTH = 8;

/** The properties of an object schema as table rows, nested objects and array items indented below their parent. */
export function schemaRows(schema: Schema): SchemaRow[] {
  const rows: SchemaRow[] = [];
  addProperties(rows, schema, '', 0);
  return rows;
}

function addProperties(rows: SchemaRow[], schema: Schema, parentPath: string, depth: number): void {
  const properties = asSchema(schema.properties);
  if (!properties || depth > MAX_DEPTH) return;
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : []);
  for (const [name, value] of Object.entries(properties)) {
    const child = asSchema(value) ?? {};
    const path = parentPath ? `${parentPath}.${name}` : name;
    rows.push(row(path, name, depth, child, required.has(name)));
    addNested(rows, child, path, depth + 1);
  }
}

function addNested(rows: SchemaRow[], schema: Schema, path: string, depth: number): void {
  if (depth > MAX_DEPTH) return;
  addProperties(rows, schema, path, depth);
  const items = asSchema(schema.items);
  if (items) {
    const itemsPath = `${path}[]`;
    rows.push(row(itemsPath, 'items', depth, items, false));
    addNested(rows, items, itemsPath, depth + 1);
  }
}

function row(path: string, name: string, depth: number, schema: Schema, required: boolean): SchemaRow {
  const description = [schema.title, schema.description].filter((text) => typeof text === 'string' && text !== '').join(': ');
  return {
    path,
    name,
    depth,
    type: typeOf(schema),
    required,
    ...(schema.default === undefined ? {} : { defaultValue: JSON.stringify(schema.default) }),
    constraints: constraintsOf(schema),
    ...(description ? { description } : {}),
  };
}

/** The schema's type as a reader says it: "string", "integer | null", "array of string", "one of: …". */
export function typeOf(schema: Schema): string {
  const type = schema.type;
  const base = Array.isArray(type) ? type.join(' | ') : typeof type === 'string' ? type : undefined;
  if (base === 'array') {
    const items = asSchema(schema.items);
    return items && items.type !== undefined ? `array of ${typeOf(items)}` : 'array';
  }
  if (base) return base;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) return `${key === 'oneOf' ? 'one of' : 'any of'}: ${options.map((o) => typeOf(asSchema(o) ?? {})).join(', ')}`;
  }
  if (typeof schema.$ref === 'string') return `see ${schema.$ref}`;
  if (schema.const !== undefined) return `constant`;
  if (Array.isArray(schema.enum)) return 'enum';
  if (asSchema(schema.properties)) return 'object';
  return 'any';
}

const bounds: readonly [string, string][] = [
  ['minimum', '≥'],
  ['exclusiveMinimum', '>'],
  ['maximum', '≤'],
  ['exclusiveMaximum', '<'],
  ['multipleOf', 'multiple of'],
  ['minLength', 'min length'],
  ['maxLength', 'max length'],
  ['minItems', 'min items'],
  ['maxItems', 'max items'],
  ['minProperties', 'min properties'],
  ['maxProperties', 'max properties'],
];

function constraintsOf(schema: Schema): string[] {
  const constraints: string[] = [];
  if (Array.isArray(schema.enum)) constraints.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (schema.const !== undefined) constraints.push(`= ${JSON.stringify(schema.const)}`);
  for (const [key, label] of bounds) {
    if (typeof schema[key] === 'number') constraints.push(`${label} ${schema[key]}`);
  }
  if (typeof schema.pattern === 'string') constraints.push(`matches /${schema.pattern}/`);
  if (typeof schema.format === 'string') constraints.push(`format ${schema.format}`);
  if (schema.uniqueItems === true) constraints.push('unique items');
  if (schema.additionalProperties === false) constraints.push('no other properties');
  return constraints;
}

function asSchema(value: unknown): Schema | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : undefined;
}
