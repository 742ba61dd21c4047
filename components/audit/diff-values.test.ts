import { describe, expect, it } from 'vitest';
import { diffValues, isJsonEqual } from './diff-values';

describe('diffValues', () => {
  it('marks changed, added, removed and unchanged keys, descending into nested objects', () => {
    const before = { name: 'Docs', version: 1, overrides: { baseDir: '/srv', depth: 2 }, tags: ['a'] };
    const after = { name: 'Docs', version: 2, overrides: { baseDir: '/data', followLinks: true }, tags: ['a'] };

    expect(diffValues(before, after)).toEqual([
      { path: '/name', kind: 'unchanged', before: 'Docs', after: 'Docs' },
      { path: '/version', kind: 'changed', before: 1, after: 2 },
      { path: '/overrides/baseDir', kind: 'changed', before: '/srv', after: '/data' },
      { path: '/overrides/depth', kind: 'removed', before: 2 },
      { path: '/overrides/followLinks', kind: 'added', after: true },
      { path: '/tags', kind: 'unchanged', before: ['a'], after: ['a'] },
    ]);
  });

  it('lists every key as added for a create and as removed for a delete', () => {
    expect(diffValues(null, { id: 'a', tools: [] })).toEqual([
      { path: '/id', kind: 'added', after: 'a' },
      { path: '/tools', kind: 'added', after: [] },
    ]);
    expect(diffValues({ id: 'a' }, null)).toEqual([{ path: '/id', kind: 'removed', before: 'a' }]);
  });

  it('compares arrays and a changed type whole, and escapes keys holding / and ~', () => {
    expect(diffValues({ list: [1, 2], 'a/b~': { x: 1 } }, { list: [2, 1], 'a/b~': 'flat' })).toEqual([
      { path: '/list', kind: 'changed', before: [1, 2], after: [2, 1] },
      { path: '/a~1b~0', kind: 'changed', before: { x: 1 }, after: 'flat' },
    ]);
  });

  it('compares whole values that are not objects at the root', () => {
    expect(diffValues([{ content: 'x' }], [{ content: 'y' }])).toEqual([
      { path: '', kind: 'changed', before: [{ content: 'x' }], after: [{ content: 'y' }] },
    ]);
    expect(diffValues(null, null)).toEqual([{ path: '', kind: 'unchanged', before: null, after: null }]);
  });
});

describe('isJsonEqual', () => {
  it('ignores key order but not array order or types', () => {
    expect(isJsonEqual({ a: 1, b: { c: [1, { d: 2 }] } }, { b: { c: [1, { d: 2 }] }, a: 1 })).toBe(true);
    expect(isJsonEqual([1, 2], [2, 1])).toBe(false);
    expect(isJsonEqual({ a: 1 }, { a: '1' })).toBe(false);
    expect(isJsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });
});
