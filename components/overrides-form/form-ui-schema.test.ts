import { describe, expect, it } from 'vitest';
import { overridesUiSchema } from './form-ui-schema';

describe('overridesUiSchema', () => {
  it('draws a unique list of known values as checkboxes, nested ones too', () => {
    const groups = { type: 'array', uniqueItems: true, items: { type: 'string', enum: ['fs', 'todo'] } };
    const ui = overridesUiSchema({ type: 'object', properties: { groups, nested: { type: 'object', properties: { groups } }, name: { type: 'string' } } });

    expect(ui).toEqual({
      groups: { 'ui:widget': 'checkboxes' },
      nested: { groups: { 'ui:widget': 'checkboxes' } },
      'ui:submitButtonOptions': { norender: true },
    });
  });

  it('leaves free lists and lists that allow repeats to RJSF', () => {
    const ui = overridesUiSchema({
      type: 'object',
      properties: {
        tags: { type: 'array', uniqueItems: true, items: { type: 'string' } },
        picks: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
      },
    });

    expect(ui).toEqual({ 'ui:submitButtonOptions': { norender: true } });
  });
});
