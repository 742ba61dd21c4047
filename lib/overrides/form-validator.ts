import type { ErrorTransformer, RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type Ajv from 'ajv';
import { isPlainObject, unescapePointerToken } from '@/lib/json-pointer';
import { pruneEmptyObjects } from './prune-empty-objects';

/** The performance mark set each time the form's validator compiles a schema. */
export const COMPILE_MARK = 'overrides-form:validator-compiled';

const META_SCHEMA = /^https?:\/\/json-schema\.org\//;
const compiledFunctions = new WeakSet<object>();
let compileCount = 0;

// Ajv keeps what it compiled, keyed by the schema object: asking again for a schema it knows
// returns the same function. A function not seen before is a real compilation.
function noteCompiled<T>(validate: T): T {
  if (typeof validate === 'function' && !compiledFunctions.has(validate)) {
    compiledFunctions.add(validate);
    compileCount += 1;
    performance.mark(COMPILE_MARK);
  }
  return validate;
}

function countCompilations(ajv: Ajv): Ajv {
  const compile = ajv.compile.bind(ajv);
  const getSchema = ajv.getSchema.bind(ajv);
  ajv.compile = ((schema: Parameters<Ajv['compile']>[0], meta?: boolean) => noteCompiled(compile(schema, meta))) as Ajv['compile'];
  // Ajv compiles the JSON Schema meta-schema once, on first use, to check schemas: not a form's.
  ajv.getSchema = ((key: string) => (META_SCHEMA.test(key) ? getSchema(key) : noteCompiled(getSchema(key)))) as Ajv['getSchema'];
  return ajv;
}

/**
 * The one validator every overrides form shares. Ajv compiles a schema once and reuses it for
 * every keystroke, as long as the form is given the same schema object (the query cache keeps it).
 */
export const formValidator = customizeValidator({ extenderFn: countCompilations });

/**
 * The overrides form's validator: it checks what a save would send, with groups of settings the
 * admin emptied left out. RJSF keeps an emptied optional group (`auth: {}`, after switching its
 * oneOf option back and forth) in its own state; checked as it is, that group's required fields
 * would block saving with no way to leave the optional setting unset.
 */
export const overridesFormValidator: ValidatorType = {
  validateFormData: (formData, schema, customValidate, transformErrors, uiSchema) =>
    formValidator.validateFormData(asSaved(formData), schema, customValidate, transformErrors, uiSchema),
  isValid: (schema, formData, rootSchema) => formValidator.isValid(schema, formData, rootSchema),
  rawValidation: (schema, formData) => formValidator.rawValidation(schema, formData),
  reset: () => formValidator.reset?.(),
};

function asSaved(formData: unknown): unknown {
  return isPlainObject(formData) ? pruneEmptyObjects(formData) : formData;
}

/** How many schemas the forms' validator has compiled in this page (or process). */
export function formValidatorCompileCount(): number {
  return compileCount;
}

/**
 * Messages that name their setting, as the server's do: "Base directory is required" instead of
 * Ajv's "must have required property 'Base directory'", "Maximum bytes must be >= 1" instead of
 * "must be >= 1". The setting's title comes from the schema (local `$ref`s followed).
 */
export function errorTransformerFor(schema: RJSFSchema): ErrorTransformer {
  return (errors) =>
    errors.map((error) => {
      const message = namedMessage(schema, error);
      return message === undefined ? error : { ...error, message, stack: message };
    });
}

function namedMessage(schema: RJSFSchema, error: RJSFValidationError): string | undefined {
  if (error.name === 'required') {
    const label = /'(.+)'$/.exec(error.message ?? '')?.[1] ?? String(error.params?.missingProperty ?? 'This setting');
    return `${label} is required`;
  }
  const path = (error.property ?? '').split('.').filter(Boolean);
  const title = path.length === 0 ? undefined : titleAt(schema, path);
  return title && error.message ? `${title} ${error.message}` : undefined;
}

function titleAt(root: RJSFSchema, path: readonly string[]): string | undefined {
  let node: unknown = root;
  for (const segment of path) {
    const resolved = resolveRef(root, node);
    node = /^\d+$/.test(segment) ? resolved.items : isPlainObject(resolved.properties) ? resolved.properties[segment] : undefined;
    if (!isPlainObject(node)) return undefined;
  }
  const own = isPlainObject(node) && typeof node.title === 'string' ? node.title : undefined;
  const target = resolveRef(root, node).title;
  return own ?? (typeof target === 'string' ? target : undefined);
}

function resolveRef(root: RJSFSchema, node: unknown): Record<string, unknown> {
  if (!isPlainObject(node)) return {};
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
  let target: unknown = root;
  for (const token of ref.slice(2).split('/')) {
    target = isPlainObject(target) ? target[unescapePointerToken(token)] : undefined;
  }
  return isPlainObject(target) ? target : node;
}
