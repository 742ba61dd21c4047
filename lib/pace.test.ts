import { describe, expect, it } from 'vitest';
import { Pace, pacedJsonText } from './pace';

describe('pacedJsonText', () => {
  it('gives the very text JSON.stringify gives, for plans, nested lists, odd values and dates', async () => {
    const values: unknown[] = [
      { hash: 'h', prune: false, changes: [{ target: 'agent/a', action: 'create', after: { tools: { word_count: {} } } }, { target: 'agent/b', action: 'delete' }], summary: { create: 1, update: 0, delete: 1 }, warnings: [] },
      [1, 'two', null, undefined, () => 3, [4, [5]], { six: undefined, seven: 7 }],
      { skipped: undefined, fn: () => 1, date: new Date(0), nested: { list: ['a', { b: [true, false] }] }, 'quote"key': 'line\nbreak \u2028' },
      Object.assign(Object.create(null) as Record<string, unknown>, { bare: [1, 2] }),
      'text', 42, null, true, [], {},
    ];
    for (const value of values) expect(await pacedJsonText(value)).toBe(JSON.stringify(value));
  });

  it('gives way to other work between the items of a large list', async () => {
    const list = Array.from({ length: 2000 }, (_, index) => ({ index, text: 'x'.repeat(2000) }));
    let ticks = 0;
    const ticking = setInterval(() => (ticks += 1), 0);
    const text = await pacedJsonText({ list }, new Pace(1));
    clearInterval(ticking);
    expect(text).toBe(JSON.stringify({ list }));
    expect(ticks).toBeGreaterThan(0);
  });
});
