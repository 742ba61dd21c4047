'use client';

import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import { formTemplates, formWidgets } from '@/components/overrides-form/form-widgets';
import { overridesUiSchema } from '@/components/overrides-form/form-ui-schema';
import { formValidator } from '@/lib/overrides/form-validator';

/** The settings form an admin fills when assigning the tool, shown read-only. */
export function SettingsPreview({ schema }: { schema: RJSFSchema }) {
  const uiSchema = useMemo(() => overridesUiSchema(schema), [schema]);
  return (
    <div className="settings-preview rounded-md border border-border bg-muted p-4">
      <Form schema={schema} uiSchema={uiSchema} widgets={formWidgets} templates={formTemplates} validator={formValidator} readonly noHtml5Validate idPrefix="settings-preview" />
    </div>
  );
}
