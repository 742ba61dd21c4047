'use client';

import { getDefaultRegistry, type FormProps } from '@rjsf/core';
import type { BaseInputTemplateProps, IconButtonProps, WidgetProps } from '@rjsf/utils';
import { OptionSelectWidget } from '@/components/tools/option-select-widget';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Checkbox } from '@/components/ui/input';

const core = getDefaultRegistry();
const CoreCheckboxes = core.widgets.CheckboxesWidget!;
const CoreBaseInput = core.templates.BaseInputTemplate;

/**
 * Core's checkboxes, as a group named by the field's label (core labels a plain div), plus a
 * checked box for each saved value the schema no longer offers (a group that is gone), so the
 * admin sees it and can untick it instead of being stuck with a value the form cannot show.
 */
function CheckboxGroupWidget(props: WidgetProps) {
  const values: unknown[] = Array.isArray(props.value) ? props.value : [];
  const offered = (props.options.enumOptions ?? []).map((option) => option.value);
  const stale = values.filter((value) => !offered.includes(value));
  return (
    <div role="group" aria-label={props.label || props.name} className="checkbox-group">
      <CoreCheckboxes {...props} />
      {stale.length > 0 && (
        <div className="checkboxes mt-1">
          {stale.map((value) => (
            <label key={JSON.stringify(value)}>
              <Checkbox
                checked
                disabled={props.disabled || props.readonly}
                onChange={() => props.onChange(values.filter((other) => other !== value))}
              />
              <span className="text-destructive">{`${String(value)} (no longer offered)`}</span>
            </label>
          ))}
        </div>
      )}
    </div>
  );
}

/** RJSF's select, showing a saved value the schema does not allow instead of silently another one. */
function SelectWidget(props: WidgetProps) {
  const options = props.options.enumOptions ?? [];
  const value: unknown = props.value;
  const isStale = value !== undefined && !props.multiple && !options.some((option) => option.value === value);
  if (!isStale) return <OptionSelectWidget {...props} />;
  const withStale = { ...props.options, enumOptions: [...options, { label: `${String(value)} (not allowed)`, value }] };
  return <OptionSelectWidget {...props} options={withStale} />;
}

/** Core's input, marked `aria-invalid` while the field has errors. */
function BaseInputTemplate(props: BaseInputTemplateProps) {
  return <CoreBaseInput {...props} aria-invalid={props.rawErrors && props.rawErrors.length > 0 ? true : undefined} />;
}

/** An array item button with its action in words: core's draws a Bootstrap icon font we do not load. */
function textButton(text: string) {
  function TextButton({ className, disabled, onClick, title }: IconButtonProps) {
    return (
      <Button size="sm" className={cn('rjsf-button', className)} disabled={disabled} onClick={onClick} title={title}>
        {text}
      </Button>
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
export const formWidgets: FormProps['widgets'] = { SelectWidget, CheckboxesWidget: CheckboxGroupWidget };

/** The templates the overrides form draws with. */
export const formTemplates: FormProps['templates'] = { BaseInputTemplate, ButtonTemplates };
