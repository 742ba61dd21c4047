/** One line of a schema table: a property, array items, an alternative or "any other key", at its nesting depth. */
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

/** What walking one schema needs: its root (for local `$ref`s) and the refs being expanded (against cycles). */
interface Walk {
  readonly root: Schema;
  readonly rows: SchemaRow[];
  readonly expanding: ReadonlySet<string>;
}

/**
 * The properties of an object schema as table rows: nested objects, array items, `oneOf`/`anyOf`
 * alternatives ("option 1", …) and `additionalProperties` ("<any key>") indented below their parent;
 * local `$ref`s (`#/$defs/…`, `#/definitions/…`) are followed, once per branch.
 */
export function schemaRows(schema: Schema): SchemaRow[] {
  const walk: Walk = { root: schema, rows: [], expanding: new Set() };
  addNested(walk, schema, '', 0);
  return walk.rows;
}

function addNested(walk: Walk, schema: Schema, path: string, depth: number): void {
  if (depth > MAX_DEPTH) return;
  const resolved = resolveRef(walk, schema);
  if (!resolved) return;
  const inner: Walk = resolved.ref ? { ...walk, expanding: new Set([...walk.expanding, resolved.ref]) } : walk;
  const target = resolved.schema;
  addProperties(inner, target, path, depth);
  const items = asSchema(target.items);
  if (items) {
    const itemsPath = `${path}[]`;
    inner.rows.push(row(inner, itemsPath, 'items', depth, items, false));
    addNested(inner, items, itemsPath, depth + 1);
  }
  const additional = asSchema(target.additionalProperties);
  if (additional) {
    const additionalPath = `${path}{*}`;
    inner.rows.push(row(inner, additionalPath, '<any key>', depth, additional, false));
    addNested(inner, additional, additionalPath, depth + 1);
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = target[key];
    if (!Array.isArray(options)) continue;
    options.forEach((option, index) => {
      const branch = asSchema(option) ?? {};
      const branchPath = `${path}<${key}:${index + 1}>`;
      inner.rows.push(row(inner, branchPath, `option ${index + 1}`, depth, branch, false));
      addNested(inner, branch, branchPath, depth + 1);
    });
  }
}

function addProperties(walk: Walk, schema: Schema, parentPath: string, depth: number): void {
  const properties = asSchema(schema.properties);
  if (!properties) return;
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : []);
  for (const [name, value] of Object.entries(properties)) {
    const child = asSchema(value) ?? {};
    const path = parentPath ? `${parentPath}.${name}` : name;
    walk.rows.push(row(walk, path, name, depth, child, required.has(name)));
    addNested(walk, child, path, depth + 1);
  }
}

/**
 * The schema a `$ref` points at, or the schema itself without one. Undefined for a ref already
 * being expanded on this branch (a cycle): its row stays, its children are not repeated.
 */
function resolveRef(walk: Walk, schema: Schema): { schema: Schema; ref?: string } | undefined {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return { schema };
  if (walk.expanding.has(ref)) return undefined;
  const target = localRef(walk.root, ref);
  return target ? { schema: target, ref } : { schema };
}

/** Follows a local JSON pointer such as `#/$defs/address`; undefined for remote or broken refs. */
function localRef(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let current: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
    current = asSchema(current)?.[key];
  }
  return asSchema(current);
}

function row(walk: Walk, path: string, name: string, depth: number, schema: Schema, required: boolean): SchemaRow {
  // A `$ref`'s own keywords describe the property; the referenced schema fills in what they leave out.
  const target = typeof schema.$ref === 'string' ? localRef(walk.root, schema.$ref) : undefined;
  const merged = target ? { ...target, ...withoutRef(schema) } : schema;
  const items = asSchema(merged.items);
  const itemsTarget = typeof items?.$ref === 'string' ? localRef(walk.root, items.$ref) : undefined;
  const typed = itemsTarget ? { ...merged, items: itemsTarget } : merged;
  const description = [merged.title, merged.description].filter((text) => typeof text === 'string' && text !== '').join(': ');
  return {
    path,
    name,
    depth,
    type: typeOf(typed),
    required,
    ...(merged.default === undefined ? {} : { defaultValue: JSON.stringify(merged.default) }),
    constraints: constraintsOf(merged),
    ...(description ? { description } : {}),
  };
}

function withoutRef(schema: Schema): Schema {
  const copy = { ...schema };
  delete copy.$ref;
  return copy;
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
