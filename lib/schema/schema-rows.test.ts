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

  it('follows local $refs into $defs and definitions, with the referenced properties nested', () => {
    const rows = schemaRows({
      type: 'object',
      properties: { home: { $ref: '#/$defs/address', description: 'Where they live.' }, work: { $ref: '#/definitions/place' } },
      $defs: { address: { type: 'object', required: ['city'], properties: { city: { type: 'string' } } } },
      definitions: { place: { type: 'object', properties: { name: { type: 'string', maxLength: 40 } } } },
    });

    expect(rows.map((r) => [r.path, r.depth, r.type, r.required, r.description])).toEqual([
      ['home', 0, 'object', false, 'Where they live.'],
      ['home.city', 1, 'string', true, undefined],
      ['work', 0, 'object', false, undefined],
      ['work.name', 1, 'string', false, undefined],
    ]);
    expect(rows[3]!.constraints).toEqual(['max length 40']);
  });

  it('stops at a $ref cycle instead of repeating rows forever', () => {
    const rows = schemaRows({
      type: 'object',
      properties: { root: { $ref: '#/$defs/node' } },
      $defs: { node: { type: 'object', properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } } } },
    });

    expect(rows.map((r) => [r.path, r.depth, r.type])).toEqual([
      ['root', 0, 'object'],
      ['root.label', 1, 'string'],
      ['root.children', 1, 'array of object'],
      ['root.children[]', 2, 'object'],
    ]);
  });

  it('shows a remote $ref as a row that names it, without children', () => {
    const rows = schemaRows({ type: 'object', properties: { other: { $ref: 'https://example.com/schema.json' } } });

    expect(rows.map((r) => [r.path, r.type])).toEqual([['other', 'see https://example.com/schema.json']]);
  });

  it('shows oneOf and anyOf alternatives as indented option rows with their properties', () => {
    const rows = schemaRows({
      type: 'object',
      properties: {
        auth: {
          oneOf: [
            { title: 'Token', type: 'object', properties: { token: { type: 'string', format: 'password' } }, required: ['token'] },
            { title: 'Basic', type: 'object', properties: { user: { type: 'string' } } },
          ],
        },
        when: { anyOf: [{ type: 'string', format: 'date' }, { type: 'integer' }] },
      },
    });

    expect(rows.map((r) => [r.name, r.depth, r.type, r.required])).toEqual([
      ['auth', 0, 'one of: object, object', false],
      ['option 1', 1, 'object', false],
      ['token', 2, 'string', true],
      ['option 2', 1, 'object', false],
      ['user', 2, 'string', false],
      ['when', 0, 'any of: string, integer', false],
      ['option 1', 1, 'string', false],
      ['option 2', 1, 'integer', false],
    ]);
    expect(rows[1]!.description).toBe('Token');
    expect(new Set(rows.map((r) => r.path)).size).toBe(rows.length);
  });

  it('shows additionalProperties with a schema as an "<any key>" row with its type', () => {
    const rows = schemaRows({
      type: 'object',
      properties: { headers: { type: 'object', additionalProperties: { type: 'string', maxLength: 200 } }, extra: { type: 'object', additionalProperties: true } },
    });

    expect(rows.map((r) => [r.path, r.name, r.depth, r.type, r.constraints])).toEqual([
      ['headers', 'headers', 0, 'object', []],
      ['headers{*}', '<any key>', 1, 'string', ['max length 200']],
      ['extra', 'extra', 0, 'object', []],
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
