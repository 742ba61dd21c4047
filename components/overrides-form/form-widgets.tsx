'use client';

import { getDefaultRegistry, type FormProps } from '@rjsf/core';
import type { BaseInputTemplateProps, IconButtonProps, WidgetProps } from '@rjsf/utils';
import { OptionSelectWidget } from '@/components/tools/option-select-widget';

const core = getDefaultRegistry();
const CoreCheckboxes = core.widgets.CheckboxesWidget!;
const CoreBaseInput = core.templates.BaseInputTemplate;

/** Core's checkboxes, as a group named by the field's label (core labels a plain div). */
function CheckboxGroupWidget(props: WidgetProps) {
  return (
    <div role="group" aria-label={props.label || props.name} className="checkbox-group">
      <CoreCheckboxes {...props} />
    </div>
  );
}

/** Core's input, marked `aria-invalid` while the field has errors. */
function BaseInputTemplate(props: BaseInputTemplateProps) {
  return <CoreBaseInput {...props} aria-invalid={props.rawErrors && props.rawErrors.length > 0 ? true : undefined} />;
}

/** An array item button with its action in words: core's draws a Bootstrap icon font we do not load. */
function textButton(text: string) {
  function TextButton({ className, disabled, onClick, title }: IconButtonProps) {
    return (
      <button type="button" className={`rjsf-button ${className ?? ''}`} disabled={disabled} onClick={onClick} title={title}>
        {text}
      </button>
    );
  }
  return TextButton;
}

const ButtonTemplates = {
  ...core.templates.ButtonTemplates,
  AddButton: textButton('Add item'),
  CopyButton: textButton('Copy'),
  MoveDownButton: textButton('Move down'),
  MoveUpButton: textButton('Move up'),
  RemoveButton: textButton('Remove'),
};

/** The widgets the overrides form and the settings preview draw with. */
export const formWidgets: FormProps['widgets'] = { SelectWidget: OptionSelectWidget, CheckboxesWidget: CheckboxGroupWidget };

/** The templates the overrides form draws with. */
export const formTemplates: FormProps['templates'] = { BaseInputTemplate, ButtonTemplates };
