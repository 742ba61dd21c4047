import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import { formValidator } from './form-validator';
import { isPlainObject } from '@/lib/json-pointer';

/** What a new assignment starts with: the schema's defaults, and whether they suffice. */
export interface InitialOverrides {
  overrides: Record<string, unknown>;
  /** The defaults pass the schema: the tool can be assigned without asking anything. */
  isComplete: boolean;
}

/**
 * How the overrides form fills defaults itself: only for required settings. Optional ones get
 * theirs from `withDefaults`, which leaves optional groups of settings (nested objects) out, so
 * an optional group with a required field inside does not become required by being pre-filled.
 */
export const DEFAULTS_BEHAVIOR = { emptyObjectFields: 'populateRequiredDefaults' } as const;

/**
 * The form's starting values: `overrides`, plus the schema's defaults for settings they leave
 * unset, except optional nested objects the overrides do not have.
 */
export function withDefaults(schema: RJSFSchema, overrides: Record<string, unknown>): Record<string, unknown> {
  // Saved values always win: RJSF would swap a saved value its enum no longer has for the default,
  // hiding what is stored behind a valid-looking choice.
  const filled = savedOver(asRecord(getDefaultFormState(formValidator, schema, overrides, schema)), overrides);
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const [key, value] of Object.entries(filled)) {
    if (!(key in overrides) && !required.has(key) && isPlainObject(value)) delete filled[key];
  }
  return filled;
}

/** The overrides a tool gets when added without a form: its defaults, if they are valid. */
export function initialOverrides(schema: RJSFSchema): InitialOverrides {
  const overrides = withDefaults(schema, {});
  return { overrides, isComplete: formValidator.validateFormData(overrides, schema).errors.length === 0 };
}

function savedOver(defaults: Record<string, unknown>, saved: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...defaults };
  for (const [key, value] of Object.entries(saved)) {
    const base = merged[key];
    merged[key] = isPlainObject(value) && isPlainObject(base) ? savedOver(base, value) : value;
  }
  return merged;
}

function asRecord(value: unknown): Record<string, unknown> {
  return isPlainObject(value) ? { ...value } : {};
}
