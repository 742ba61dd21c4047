import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { errorTransformerFor, formValidator, formValidatorCompileCount, overridesFormValidator } from './form-validator';

function fiftyFieldSchema(): RJSFSchema {
  const properties = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`field${i}`, { type: 'string' as const, title: `Field ${i}`, minLength: 2 }]));
  return { type: 'object', properties, required: ['field0'] };
}

describe('formValidator', () => {
  it('compiles a schema once however often the same schema object is validated', () => {
    const schema = fiftyFieldSchema();
    const before = formValidatorCompileCount();

    for (let keystroke = 0; keystroke < 100; keystroke++) {
      formValidator.validateFormData({ field1: 'x'.repeat(keystroke) }, schema);
    }

    expect(formValidatorCompileCount() - before).toBe(1);
  });

  it('compiles each distinct schema object', () => {
    const before = formValidatorCompileCount();

    formValidator.validateFormData({}, fiftyFieldSchema());
    formValidator.validateFormData({}, fiftyFieldSchema());

    expect(formValidatorCompileCount() - before).toBe(2);
  });

  it('says a missing setting is required by its title, as the server does', () => {
    const schema: RJSFSchema = { type: 'object', properties: { baseDir: { type: 'string', title: 'Base directory' } }, required: ['baseDir'] };

    const { errors } = formValidator.validateFormData({}, schema, undefined, errorTransformerFor(schema));

    expect(errors.map((error) => [error.property, error.message])).toEqual([['baseDir', 'Base directory is required']]);
  });

  it('names the setting in every other message, nested and referenced settings too', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: {
        maxBytes: { type: 'integer', title: 'Maximum bytes', minimum: 1 },
        proxy: { $ref: '#/$defs/proxy' },
        tags: { type: 'array', items: { type: 'string', title: 'Tag', maxLength: 2 } },
        untitled: { type: 'integer' },
      },
      $defs: { proxy: { type: 'object', title: 'Proxy', properties: { port: { type: 'integer', title: 'Proxy port', maximum: 10 } } } },
    };

    const { errors } = formValidator.validateFormData({ maxBytes: 0, proxy: { port: 99 }, tags: ['long'], untitled: 'x' }, schema, undefined, errorTransformerFor(schema));

    expect(errors.map((error) => error.message).sort()).toEqual([
      'Maximum bytes must be >= 1',
      'Proxy port must be <= 10',
      'Tag must NOT have more than 2 characters',
      'must be integer',
    ]);
  });
});

describe('overridesFormValidator', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: {
      auth: { title: 'Authentication', oneOf: [{ type: 'object', required: ['token'], properties: { token: { type: 'string' } } }] },
    },
  };

  it('lets an emptied optional group through, as the save leaves it out', () => {
    expect(overridesFormValidator.validateFormData({ auth: {} }, schema).errors).toEqual([]);
    expect(formValidator.validateFormData({ auth: {} }, schema).errors).not.toEqual([]);
  });

  it('still refuses a group that has values but misses a required one', () => {
    const withOtherValue: RJSFSchema = { type: 'object', properties: { proxy: { type: 'object', required: ['host'], properties: { host: { type: 'string' }, port: { type: 'integer' } } } } };

    expect(overridesFormValidator.validateFormData({ proxy: { port: 1 } }, withOtherValue).errors.map((error) => error.name)).toEqual(['required']);
  });
});
