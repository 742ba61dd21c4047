import { describe, expect, it } from 'vitest';
import { MAX_CONFIG_DEPTH, maxConfigNodesOf, readYaml } from './read-yaml.mjs';

const limits = { maxNodes: 1_000, maxDepth: MAX_CONFIG_DEPTH };

/** The 1-based line of `offset` in `text`. */
const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

describe('readYaml', () => {
  it('reads a file to its value, with where each value, and each key of a map, starts', () => {
    const text = 'apiVersion: tools-admin/v1\nagents:\n  - id: a\n    tools: {word_count: {}}\n    note: |\n      two\n      lines\n    name: A\n';

    const read = readYaml(text, limits);

    expect(read.errors).toEqual([]);
    expect(read.value).toEqual({ apiVersion: 'tools-admin/v1', agents: [{ id: 'a', tools: { word_count: {} }, note: 'two\nlines\n', name: 'A' }] });
    expect(read.positions).toMatchObject({ at: 0, entries: [['apiVersion', 0, 12], ['agents', 27, { items: [{ entries: expect.arrayContaining([['name', text.indexOf('name'), text.indexOf('A\n')]]) }] }]] });
    expect(read.lineStarts.slice(0, 3)).toEqual([0, 27, 35]);
  });

  it('takes nesting up to the depth limit, with block lines, flow collections and block scalars in between', () => {
    const lines = Array.from({ length: 30 }, (_, level) => `${'  '.repeat(level)}k${level}:`);
    const text = `${lines.join('\n')}\n${'  '.repeat(30)}text: |\n${'  '.repeat(31)}a block scalar\nback: ${'['.repeat(MAX_CONFIG_DEPTH - 1)}${']'.repeat(MAX_CONFIG_DEPTH - 1)}\n`;

    const read = readYaml(text, limits);

    expect(read.errors).toEqual([]);
    expect(read.value).toHaveProperty('back');
  });

  it.each([
    ['a flow sequence', `a: 1\nb: ${'['.repeat(MAX_CONFIG_DEPTH + 1)}${']'.repeat(MAX_CONFIG_DEPTH + 1)}\n`, 2],
    ['compact block lists on one line', `a: 1\nb:\n  ${'- '.repeat(MAX_CONFIG_DEPTH + 1)}x\n`, 3],
    ['indented maps, one a line', `${Array.from({ length: MAX_CONFIG_DEPTH + 1 }, (_, level) => `${' '.repeat(level)}k${level}:`).join('\n')} x\n`, MAX_CONFIG_DEPTH + 1],
    ['JSON objects', `{"a": 1,\n "b": ${'{"c":'.repeat(MAX_CONFIG_DEPTH + 1)}1${'}'.repeat(MAX_CONFIG_DEPTH + 1)}}`, 2],
  ])('refuses %s nested deeper than the limit, at the line where it passes it, before building anything', (_name, text, line) => {
    const read = readYaml(text, limits);

    expect(read.value).toBeUndefined();
    expect(read.errors).toHaveLength(1);
    expect(read.errors[0]?.message).toBe(`The file nests values deeper than ${MAX_CONFIG_DEPTH} levels here`);
    expect(lineOf(text, read.errors[0]!.offset)).toBe(line);
  });

  it('refuses 500,000 levels of nesting in a few hundred milliseconds, where the parser itself would run out of memory', () => {
    const start = performance.now();
    const read = readYaml(`${'- '.repeat(500_000)}x\n`, limits);

    expect(read.errors[0]?.message).toContain('deeper than');
    expect(performance.now() - start).toBeLessThan(5_000);
  });

  it('refuses more values than the limit, counting list items, keys and scalars, at the line that passes it', () => {
    const text = `a: [${'1,'.repeat(500)}1]\nb: [${'1,'.repeat(500)}1]\n`;

    const read = readYaml(text, limits);

    expect(read.errors).toEqual([{ message: expect.stringContaining('more than 1000 values'), offset: expect.any(Number) }]);
    expect(lineOf(text, read.errors[0]!.offset)).toBe(2);
    expect(readYaml(`a: [${'1,'.repeat(400)}1]\n`, limits).errors).toEqual([]);
  });

  it('counts what aliases repeat: refuses the billion laughs at its line, takes a few honest aliases', () => {
    const laughs = ['a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]', ...'bcdefghi'.split('').map((name, index) => `${name}: &${name} [${Array(9).fill(`*${'abcdefghi'[index]}`).join(', ')}]`)].join('\n');

    const read = readYaml(laughs, limits);

    expect(read.value).toBeUndefined();
    expect(read.errors[0]?.message).toContain('more than 1000 values');
    // 9 × 9 × 9 × 9 = 6,561 values on line 4 (d) pass 1,000 first.
    expect(lineOf(laughs, read.errors[0]!.offset)).toBe(4);
    expect(readYaml('base: &base {maxBytes: 4096}\none: *base\ntwo: *base\n', limits).value).toEqual({ base: { maxBytes: 4096 }, one: { maxBytes: 4096 }, two: { maxBytes: 4096 } });
  });

  it('refuses an alias inside the collection it names, and one that nests past the limit', () => {
    expect(readYaml('a: &x [1, *x]\n', limits).errors).toEqual([{ message: 'The alias *x names a collection it is inside', offset: 10 }]);
    const deep = `x: &x ${'['.repeat(40)}${']'.repeat(40)}\ny: ${'['.repeat(40)}*x${']'.repeat(40)}\n`;
    const read = readYaml(deep, limits);
    expect(read.errors[0]?.message).toBe(`The alias *x nests values deeper than ${MAX_CONFIG_DEPTH} levels here`);
    expect(lineOf(deep, read.errors[0]!.offset)).toBe(2);
  });

  it('gives syntax errors with their place, and allows one value for each 8 bytes of the size limit', () => {
    const text = 'a: 1\nb: c: d\n';
    const read = readYaml(text, limits);
    expect(read.errors[0]?.message).toBe('Nested mappings are not allowed in compact mappings');
    expect(lineOf(text, read.errors[0]!.offset)).toBe(2);
    expect(maxConfigNodesOf(1024 * 1024)).toBe(131_072);
  });
});
