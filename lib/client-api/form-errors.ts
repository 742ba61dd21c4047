import { isProblem } from './api-problem';

/** Where a failed save's messages go: onto the fields they name, or one message for the whole form. */
export interface FormErrors<Field extends string> {
  fields: Partial<Record<Field, string>>;
  form?: string;
}

/**
 * Sorts the errors of a failed request onto a form's fields by their JSON Pointer (`/name` →
 * `name`, first message per field). Whatever names no field of the form, and any failure
 * without field errors (a network error, a 500), becomes the form's message, so nothing is hidden.
 */
export function formErrorsOf<Field extends string>(error: unknown, fields: readonly Field[]): FormErrors<Field> {
  const result: FormErrors<Field> = { fields: {} };
  const elsewhere: string[] = [];
  for (const { pointer, message } of isProblem(error) ? error.errors : []) {
    const field = fields.find((name) => pointer === `/${name}` || pointer.startsWith(`/${name}/`));
    if (field === undefined) elsewhere.push(pointer ? `${pointer}: ${message}` : message);
    else result.fields[field] ??= message;
  }
  if (elsewhere.length > 0) result.form = elsewhere.join(' ');
  else if (Object.keys(result.fields).length === 0) result.form = error instanceof Error ? error.message : String(error);
  return result;
}

/** The field a form should focus first: the first of `order` that has an error. */
export function firstInvalidField<Field extends string>(errors: Partial<Record<Field, string>>, order: readonly Field[]): Field | undefined {
  return order.find((field) => errors[field] !== undefined);
}
