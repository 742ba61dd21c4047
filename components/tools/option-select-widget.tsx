'use client';

import { getDefaultRegistry } from '@rjsf/core';
import type { WidgetProps } from '@rjsf/utils';

// Core's own select: the registry a widget receives holds this wrapper instead.
const SelectWidget = getDefaultRegistry().widgets.SelectWidget!;

// RJSF's MultiSchemaField renders its oneOf/anyOf chooser with the SelectWidget and these names.
const OPTION_SELECTOR_NAME = /__(oneof|anyof)_select$/;

/**
 * RJSF's select, plus a label for the oneOf/anyOf option chooser, which RJSF renders without one
 * ("<field title> option"); every other select is RJSF's own.
 */
export function OptionSelectWidget(props: WidgetProps) {
  if (!OPTION_SELECTOR_NAME.test(props.name)) return <SelectWidget {...props} />;
  return (
    <label className="block">
      <span className="sr-only">{`${props.label || 'Settings'} option`}</span>
      <SelectWidget {...props} />
    </label>
  );
}
