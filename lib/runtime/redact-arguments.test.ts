import { describe, expect, it } from 'vitest';
import { REDACTED, redactArguments } from './redact-arguments';

const password = { type: 'string', format: 'password' };

describe('redactArguments', () => {
  it('redacts a property marked format: password or writeOnly, and keeps the others', () => {
    const schema = { type: 'object', properties: { user: { type: 'string' }, pass: password, key: { type: 'string', writeOnly: true } } };
    expect(redactArguments(schema, { user: 'ann', pass: 'hunter2', key: 'k-1' })).toEqual({ user: 'ann', pass: REDACTED, key: REDACTED });
  });

  it('follows $ref into $defs', () => {
    const schema = { type: 'object', properties: { login: { $ref: '#/$defs/login' } }, $defs: { login: { type: 'object', properties: { secret: { $ref: '#/$defs/secret' } } }, secret: password } };
    expect(redactArguments(schema, { login: { secret: 'hunter2' } })).toEqual({ login: { secret: REDACTED } });
  });

  it('follows $ref into draft-07 definitions and to an $anchor', () => {
    const schema = { properties: { a: { $ref: '#/definitions/pw' }, b: { $ref: '#pw' } }, definitions: { pw: password, other: { $anchor: 'pw', writeOnly: true } } };
    expect(redactArguments(schema, { a: 'one', b: 'two' })).toEqual({ a: REDACTED, b: REDACTED });
  });

  it('ends on a $ref cycle and still redacts down a recursive schema', () => {
    const schema = { $ref: '#/$defs/node', $defs: { node: { $ref: '#/$defs/node', type: 'object', properties: { pin: password, child: { $ref: '#/$defs/node' } } } } };
    expect(redactArguments(schema, { pin: '1', child: { pin: '2', child: { pin: '3' } } })).toEqual({ pin: REDACTED, child: { pin: REDACTED, child: { pin: REDACTED } } });
  });

  it('redacts values nested past the depth limit whole', () => {
    let value: unknown = 'deep';
    for (let level = 0; level < 70; level += 1) value = { next: value };
    let redacted = redactArguments({ type: 'object' }, value);
    let levels = 0;
    while (typeof redacted === 'object' && redacted !== null) {
      redacted = (redacted as { next: unknown }).next;
      levels += 1;
    }
    expect(redacted).toBe(REDACTED);
    expect(levels).toBe(64);
  });

  it('redacts a value any allOf branch marks secret', () => {
    const schema = { properties: { token: { allOf: [{ type: 'string' }, { format: 'password' }] } } };
    expect(redactArguments(schema, { token: 't' })).toEqual({ token: REDACTED });
  });

  it('redacts a value an anyOf branch marks secret', () => {
    const schema = { properties: { credential: { anyOf: [{ type: 'number' }, password] } } };
    expect(redactArguments(schema, { credential: 's3cret' })).toEqual({ credential: REDACTED });
  });

  it('redacts properties a oneOf branch marks secret', () => {
    const schema = { oneOf: [{ properties: { kind: { const: 'basic' }, password } }, { properties: { kind: { const: 'none' } } }] };
    expect(redactArguments(schema, { kind: 'basic', password: 'pw' })).toEqual({ kind: 'basic', password: REDACTED });
  });

  it('redacts a prefixItems position and leaves the other items', () => {
    const schema = { properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, password], items: { type: 'number' } } } };
    expect(redactArguments(schema, { pair: ['user', 'pw', 3] })).toEqual({ pair: ['user', REDACTED, 3] });
  });

  it('redacts every item under items, and past the tuple in draft-07 additionalItems', () => {
    expect(redactArguments({ properties: { keys: { items: password } } }, { keys: ['a', 'b'] })).toEqual({ keys: [REDACTED, REDACTED] });
    const draft07 = { properties: { row: { items: [{ type: 'string' }], additionalItems: password } } };
    expect(redactArguments(draft07, { row: ['name', 'x', 'y'] })).toEqual({ row: ['name', REDACTED, REDACTED] });
  });

  it('redacts properties whose name matches a patternProperties pattern', () => {
    const schema = { type: 'object', patternProperties: { '^secret_': password, '^plain_': { type: 'string' } } };
    expect(redactArguments(schema, { secret_a: 'x', plain_b: 'y' })).toEqual({ secret_a: REDACTED, plain_b: 'y' });
  });

  it('redacts properties not named elsewhere under additionalProperties', () => {
    const schema = { type: 'object', properties: { name: { type: 'string' } }, additionalProperties: password };
    expect(redactArguments(schema, { name: 'n', other: 'x' })).toEqual({ name: 'n', other: REDACTED });
  });

  it('redacts what then or else marks secret, whichever applies', () => {
    const schema = { if: { properties: { mode: { const: 'key' } } }, then: { properties: { value: password } }, else: { properties: { other: { writeOnly: true } } } };
    expect(redactArguments(schema, { mode: 'key', value: 'v', other: 'o' })).toEqual({ mode: 'key', value: REDACTED, other: REDACTED });
  });

  it('redacts what dependentSchemas adds when its property is present', () => {
    const schema = { properties: { user: { type: 'string' } }, dependentSchemas: { user: { properties: { pass: password } } } };
    expect(redactArguments(schema, { user: 'ann', pass: 'pw' })).toEqual({ user: 'ann', pass: REDACTED });
    expect(redactArguments(schema, { pass: 'visible: no user, no dependent schema' })).toEqual({ pass: 'visible: no user, no dependent schema' });
  });

  it('redacts through unevaluatedProperties what no other keyword names', () => {
    const schema = { allOf: [{ properties: { a: { type: 'string' } } }], unevaluatedProperties: password };
    expect(redactArguments(schema, { a: 'kept', b: 'gone' })).toEqual({ a: 'kept', b: REDACTED });
  });

  it('redacts a password reached through $ref inside prefixItems (the issue\'s case)', () => {
    const schema = { type: 'object', properties: { login: { type: 'array', prefixItems: [{ type: 'string' }, { $ref: '#/$defs/pw' }] } }, $defs: { pw: password } };
    expect(JSON.stringify(redactArguments(schema, { login: ['ann', 'hunter2'] }))).not.toContain('hunter2');
  });

  it('redacts a placeholder standing for a whole value wherever any part of that value could be secret, and keeps it where none could', () => {
    const schema = {
      type: 'object',
      properties: {
        creds: { type: 'object', properties: { user: { type: 'string' }, key: { $ref: '#/$defs/pw' } } },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, password] },
        note: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
      },
      $defs: { pw: password },
    };
    const isPlaceholder = (value: unknown) => typeof value === 'string' && value.startsWith('<input:');
    expect(redactArguments(schema, { creds: '<input:a>', pair: '<input:b>', note: '<input:c>', tags: '<input:d>' }, { isPlaceholder })).toEqual({
      creds: '[redacted]',
      pair: '[redacted]',
      note: '<input:c>',
      tags: '<input:d>',
    });
    // Without the option a string where an object is expected is left alone (the validator refuses it anyway).
    expect(redactArguments(schema, { creds: '<input:a>' })).toEqual({ creds: '<input:a>' });
  });
});
