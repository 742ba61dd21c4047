'use client';

import Form, { type IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { formTemplates, formWidgets } from '@/components/overrides-form/form-widgets';
import { isPlainObject } from '@/lib/json-pointer';
import { overridesFormValidator } from '@/lib/overrides/form-validator';

/**
 * Arguments as an RJSF form generated from a schema (a step's tool parameters, a workflow's
 * inputs); not validated here (a step's values may be templates), `errors` shown on their fields.
 */
export function ArgumentsForm({ idPrefix, schema, value, errors, onChange }: { idPrefix: string; schema: RJSFSchema; value: Record<string, unknown>; errors?: ErrorSchema; onChange: (value: Record<string, unknown>) => void }) {
  return (
    <Form
      className="rjsf-form"
      schema={schema}
      formData={value}
      validator={overridesFormValidator}
      widgets={formWidgets}
      templates={formTemplates}
      noValidate
      noHtml5Validate
      showErrorList={false}
      extraErrors={errors}
      idPrefix={idPrefix}
      onChange={(event: IChangeEvent) => onChange(isPlainObject(event.formData) ? event.formData : {})}
      onSubmit={() => undefined}
    >
      <></>
    </Form>
  );
}
