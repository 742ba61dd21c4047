import { describe, expect, it } from 'vitest';
import { schemaRows, typeOf } from './schema-rows';

describe('schemaRows', () => {
  it('lists properties with type, required, default, constraints and description', () => {
    const rows = schemaRows({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'File to read.', minLength: 1 },
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
        mode: { enum: ['text', 'binary'] },
      },
      required: ['path'],
    });

    expect(rows).toEqual([
      { path: 'path', name: 'path', depth: 0, type: 'string', required: true, constraints: ['min length 1'], description: 'File to read.' },
      { path: 'limit', name: 'limit', depth: 0, type: 'integer', required: false, defaultValue: '10', constraints: ['≥ 1', '≤ 100'] },
      { path: 'mode', name: 'mode', depth: 0, type: 'enum', required: false, constraints: ['one of "text", "binary"'] },
    ]);
  });

  it('indents nested objects and array items under their parent', () => {
    const rows = schemaRows({
      type: 'object',
      properties: {
        options: {
          type: 'object',
          required: ['depth'],
          properties: { depth: { type: 'integer' }, tags: { type: 'array', items: { type: 'object', properties: { key: { type: 'string' } } } } },
        },
      },
    });

    expect(rows.map((r) => [r.path, r.depth, r.type, r.required])).toEqual([
      ['options', 0, 'object', false],
      ['options.depth', 1, 'integer', true],
      ['options.tags', 1, 'array of object', false],
      ['options.tags[]', 2, 'object', false],
      ['options.tags[].key', 3, 'string', false],
    ]);
  });

  it('has no rows for a schema without properties', () => {
    expect(schemaRows({})).toEqual([]);
    expect(schemaRows({ type: 'object' })).toEqual([]);
  });
});

describe('typeOf', () => {
  it('reads unions, alternatives and arrays the way a person would say them', () => {
    expect(typeOf({ type: ['string', 'null'] })).toBe('string | null');
    expect(typeOf({ oneOf: [{ type: 'string' }, { type: 'number' }] })).toBe('one of: string, number');
    expect(typeOf({ type: 'array', items: { type: 'string' } })).toBe('array of string');
    expect(typeOf({})).toBe('any');
  });
});
