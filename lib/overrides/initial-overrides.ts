import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import { formValidator } from './form-validator';

/** What a new assignment starts with: the schema's defaults, and whether they suffice. */
export interface InitialOverrides {
  overrides: Record<string, unknown>;
  /** The defaults pass the schema: the tool can be assigned without asking anything. */
  isComplete: boolean;
}

/** The form's starting values for `overrides` (defaults filled in where unset). */
export function withDefaults(schema: RJSFSchema, overrides: Record<string, unknown>): Record<string, unknown> {
  const filled: unknown = getDefaultFormState(formValidator, schema, overrides, schema);
  return typeof filled === 'object' && filled !== null && !Array.isArray(filled) ? (filled as Record<string, unknown>) : {};
}

/** The overrides a tool gets when added without a form: its defaults, if they are valid. */
export function initialOverrides(schema: RJSFSchema): InitialOverrides {
  const overrides = withDefaults(schema, {});
  return { overrides, isComplete: formValidator.validateFormData(overrides, schema).errors.length === 0 };
}
