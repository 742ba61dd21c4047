'use client';

import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import type { FieldError } from '@/lib/app-error';
import { toErrorTree } from './error-schema';
import { overridesUiSchema } from './form-ui-schema';
import { errorTransformerFor, overridesFormValidator } from '@/lib/overrides/form-validator';
import { DEFAULTS_BEHAVIOR } from '@/lib/overrides/initial-overrides';
import { pruneEmptyObjects } from '@/lib/overrides/prune-empty-objects';
import { formTemplates, formWidgets } from './form-widgets';

/** Overrides as the form holds them: an object of settings. */
export type OverridesData = Record<string, unknown>;

interface OverridesFormProps {
  /** Prefix of every field id; unique per form on the page. */
  idPrefix: string;
  /** The tool's overrides schema; keep the object stable, the validator is compiled per object. */
  schema: RJSFSchema;
  formData: OverridesData;
  onChange: (data: OverridesData) => void;
  onSubmit: (data: OverridesData) => void;
  /** Field errors the server reported (pointers under `/overrides`), shown on their fields. */
  serverErrors: readonly FieldError[];
  disabled?: boolean;
  /** The form's buttons; a `type="submit"` one saves. */
  children: React.ReactNode;
}

/**
 * The settings form generated from a tool's `overridesSchema()` by RJSF. Validates as the admin
 * types, shows the server's field errors on the fields, and never submits invalid data.
 */
export function OverridesForm({ idPrefix, schema, formData, onChange, onSubmit, serverErrors, disabled, children }: OverridesFormProps) {
  const uiSchema = useMemo(() => overridesUiSchema(schema), [schema]);
  const transformErrors = useMemo(() => errorTransformerFor(schema), [schema]);
  const extraErrors = useMemo(() => (serverErrors.length > 0 ? toErrorTree(serverErrors) : undefined), [serverErrors]);
  return (
    <Form
      className="rjsf-form"
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={overridesFormValidator}
      widgets={formWidgets}
      templates={formTemplates}
      extraErrors={extraErrors}
      transformErrors={transformErrors}
      experimental_defaultFormStateBehavior={DEFAULTS_BEHAVIOR}
      liveValidate="onChange"
      showErrorList={false}
      focusOnFirstError
      noHtml5Validate
      disabled={disabled}
      idPrefix={idPrefix}
      onChange={(event: IChangeEvent) => onChange(toData(event.formData))}
      onSubmit={(event: IChangeEvent) => onSubmit(toData(event.formData))}
    >
      {children}
    </Form>
  );
}

function toData(value: unknown): OverridesData {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? pruneEmptyObjects(value as OverridesData) : {};
}
