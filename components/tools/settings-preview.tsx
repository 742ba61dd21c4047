'use client';

import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { OptionSelectWidget } from './option-select-widget';

const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
const widgets = { SelectWidget: OptionSelectWidget };

/** The settings form an admin fills when assigning the tool, shown read-only. */
export function SettingsPreview({ schema }: { schema: RJSFSchema }) {
  return (
    <div className="settings-preview rounded-md border border-slate-200 bg-slate-50 p-4">
      <Form schema={schema} uiSchema={uiSchema} widgets={widgets} validator={validator} readonly noHtml5Validate idPrefix="settings-preview" />
    </div>
  );
}
