import { describe, expect, it } from 'vitest';
import { escapePointerToken } from '@/lib/json-pointer';
import { findForbiddenKey, jsonNestingDepth } from './json-guards';

describe('jsonNestingDepth', () => {
  it('counts nested arrays and objects', () => {
    expect(jsonNestingDepth('1')).toBe(0);
    expect(jsonNestingDepth('{"a":[{"b":[]}]}')).toBe(4);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestingDepth('{"a":"[[[{{{\\"[[["}')).toBe(1);
  });
});

describe('findForbiddenKey', () => {
  it('finds __proto__ made an own property by JSON.parse', () => {
    expect(findForbiddenKey(JSON.parse('{"a":[1,{"__proto__":{}}]}'))).toBe('/a/1/__proto__');
  });

  it('answers undefined for clean values, strings that merely mention the keys included', () => {
    expect(findForbiddenKey({ name: 'constructor', list: ['prototype', { ok: null }] })).toBeUndefined();
    expect(findForbiddenKey(null)).toBeUndefined();
  });
});

describe('escapePointerToken', () => {
  it('escapes ~ and / as RFC 6901 says', () => {
    expect(escapePointerToken('a/b~c')).toBe('a~1b~0c');
  });
});
