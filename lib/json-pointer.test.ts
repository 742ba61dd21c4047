import { describe, expect, it } from 'vitest';
import { escapePointerToken, isPlainObject, unescapePointerToken } from './json-pointer';

describe('JSON Pointer tokens', () => {
  it('escape and unescape each other, ~ and / included', () => {
    expect(escapePointerToken('a/b~c')).toBe('a~1b~0c');
    expect(unescapePointerToken('a~1b~0c')).toBe('a/b~c');
    // RFC 6901: "~01" is "~1" unescaped, not "/".
    expect(unescapePointerToken('~01')).toBe('~1');
  });

  it('tells JSON objects from arrays and null', () => {
    expect([{}, [], null, 'x'].map(isPlainObject)).toEqual([true, false, false, false]);
  });
});
