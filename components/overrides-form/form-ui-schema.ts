import { isPlainObject } from '@/lib/json-pointer';
import type { UiSchema } from '@rjsf/utils';

/**
 * How the overrides form draws a schema: its own Save button instead of RJSF's, and a list of
 * known values to pick several of (`uniqueItems` + `items.enum`, such as `tool_search`'s
 * groups) as a group of checkboxes rather than a bare multiple select.
 */
export function overridesUiSchema(schema: unknown): UiSchema {
  return { ...fieldsUiSchema(schema), 'ui:submitButtonOptions': { norender: true } };
}

function fieldsUiSchema(schema: unknown): UiSchema {
  if (!isPlainObject(schema)) return {};
  if (isEnumMultiSelect(schema)) return { 'ui:widget': 'checkboxes' };
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const ui: UiSchema = {};
  for (const [key, property] of Object.entries(properties)) {
    const child = fieldsUiSchema(property);
    if (Object.keys(child).length > 0) ui[key] = child;
  }
  return ui;
}

function isEnumMultiSelect(schema: Record<string, unknown>): boolean {
  return schema.type === 'array' && schema.uniqueItems === true && isPlainObject(schema.items) && Array.isArray(schema.items.enum);
}
