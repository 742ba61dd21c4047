import { describe, expect, it } from 'vitest';
import { fsOverridesSchema } from '@/registry/builtins/fs-settings';
import { compiledValidatorCount, validateOverrides } from './validate-overrides';

describe('validateOverrides', () => {
  it('accepts anything a schema of {} allows, {} included', () => {
    expect(validateOverrides({}, {})).toEqual([]);
    expect(validateOverrides({}, { anything: [1, 2] })).toEqual([]);
  });

  it('points a missing required setting at the setting, named by its title', () => {
    expect(validateOverrides(fsOverridesSchema(['/srv']), {})).toEqual([
      { pointer: '/overrides/baseDir', message: 'Base directory is required' },
    ]);
  });

  it('reports every problem at once, each at its own pointer', () => {
    const errors = validateOverrides(fsOverridesSchema(['/srv']), { baseDir: '', maxBytes: 1.5 });

    expect(errors).toEqual([
      { pointer: '/overrides/baseDir', message: 'Base directory must NOT have fewer than 1 characters' },
      { pointer: '/overrides/maxBytes', message: 'Maximum bytes must be an integer' },
    ]);
  });

  it('names the allowed values of an enum and the property that is not allowed', () => {
    const schema = {
      type: 'object',
      properties: { separator: { type: 'string', enum: ['-', '_'] }, 'a/b': { type: 'object', required: ['c'] } },
      additionalProperties: false,
    };

    expect(validateOverrides(schema, { separator: '+', 'a/b': {}, stray: true })).toEqual([
      { pointer: '/overrides/stray', message: '"stray" is not a setting of this tool' },
      { pointer: '/overrides/separator', message: 'separator is "+", which is not one of the allowed values ("-", "_")' },
      { pointer: '/overrides/a~1b/c', message: 'c is required' },
    ]);
  });

  it('names an array item by its position and its list, with the value that is not allowed', () => {
    const schema = { type: 'object', properties: { groups: { type: 'array', items: { type: 'string', enum: ['fs', 'todo'] } } } };

    expect(validateOverrides(schema, { groups: ['fs', 'text'] })).toEqual([
      { pointer: '/overrides/groups/1', message: 'Item 2 of groups is "text", which is not one of the allowed values ("fs", "todo")' },
    ]);
  });

  it('checks formats', () => {
    const schema = { type: 'object', properties: { endpoint: { type: 'string', format: 'uri', title: 'Endpoint' } } };

    expect(validateOverrides(schema, { endpoint: 'not a uri' })).toEqual([
      { pointer: '/overrides/endpoint', message: 'Endpoint must match format "uri"' },
    ]);
    expect(validateOverrides(schema, { endpoint: 'https://example.com' })).toEqual([]);
  });

  it('compiles a schema once, however often and in whatever key order it comes', () => {
    const schema = { type: 'object', properties: { once: { type: 'number', minimum: 3 } }, required: ['once'] };
    const reordered = { required: ['once'], properties: { once: { minimum: 3, type: 'number' } }, type: 'object' };
    validateOverrides(schema, { once: 1 });
    const compiled = compiledValidatorCount();

    for (let i = 0; i < 100; i++) {
      expect(validateOverrides(i % 2 ? schema : reordered, { once: i })).toHaveLength(i < 3 ? 1 : 0);
    }

    expect(compiledValidatorCount()).toBe(compiled);
    validateOverrides({ ...schema, title: 'another' }, {});
    expect(compiledValidatorCount()).toBe(compiled + 1);
  });

  it('reports a schema that cannot be compiled instead of throwing', () => {
    const errors = validateOverrides({ type: 'no-such-type' }, {});

    expect(errors).toEqual([{ pointer: '/overrides', message: expect.stringContaining('not valid JSON Schema') }]);
  });

  it('lets two schemas share an $id without clashing', () => {
    const first = { $id: 'https://example.com/s', type: 'object', required: ['a'] };
    const second = { $id: 'https://example.com/s', type: 'object', required: ['b'] };

    expect(validateOverrides(first, { b: 1 })).toEqual([{ pointer: '/overrides/a', message: 'a is required' }]);
    expect(validateOverrides(second, { a: 1 })).toEqual([{ pointer: '/overrides/b', message: 'b is required' }]);
  });
});
