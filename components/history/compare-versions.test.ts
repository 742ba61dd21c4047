import { describe, expect, it } from 'vitest';
import { changedKeysOf, compareTools, type VersionContent } from './compare-versions';

const version = (tools: VersionContent['tools']): VersionContent => ({ name: 'Bot', description: '', tools, rules: {} });

describe('compareTools', () => {
  it('lists tools added, removed, changed and unchanged, with the settings that changed', () => {
    const left = version({ word_count: {}, fs_read_file: { baseDir: '/a', maxBytes: 10 }, gone: { x: 1 } });
    const right = version({ word_count: {}, fs_read_file: { baseDir: '/a', maxBytes: 20, extra: true }, fresh: {} });

    const changes = compareTools(left, right);

    expect(changes.map(({ toolName, kind }) => [toolName, kind])).toEqual([
      ['fresh', 'added'],
      ['fs_read_file', 'changed'],
      ['gone', 'removed'],
      ['word_count', 'unchanged'],
    ]);
    expect([...changes[1]!.changedKeys]).toEqual(['maxBytes', 'extra']);
  });
});

describe('changedKeysOf', () => {
  it('counts a key on one side only as changed, and equal nested values in any key order as not', () => {
    expect([...changedKeysOf({ a: { x: 1, y: 2 }, b: 1 }, { a: { y: 2, x: 1 }, c: 1 })]).toEqual(['b', 'c']);
  });
});
