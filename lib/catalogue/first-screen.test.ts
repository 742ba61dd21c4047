import { describe, expect, it } from 'vitest';
import { indexCatalogue } from './filter-catalogue';
import { firstScreenOf, isSameFilter } from './first-screen';
import type { ToolSummary } from './tool-summary';

const tool = (group: string, name: string, unavailableReason?: string): ToolSummary => ({
  name, group, description: `Does ${name}.`, source: 'builtin', ...(unavailableReason ? { unavailableReason } : {}),
});

const tools = [
  ...Array.from({ length: 30 }, (_, i) => tool('alpha', `alpha_${String(i).padStart(2, '0')}`)),
  ...Array.from({ length: 10 }, (_, i) => tool('beta', `beta_${i}`, i < 3 ? 'Missing KEY' : undefined)),
  tool('gamma', 'gamma_units'),
];
const index = indexCatalogue(tools);
const all = { query: '', group: '', availability: '' as const };

describe('firstScreenOf', () => {
  it('counts every tool and group but keeps only the first rows, in display order', () => {
    const screen = firstScreenOf(index, [], all, 24);

    expect(screen.toolCount).toBe(41);
    expect(screen.unavailableCount).toBe(3);
    expect(screen.groups).toEqual([
      { group: 'alpha', label: 'Alpha', total: 30 },
      { group: 'beta', label: 'Beta', total: 10 },
      { group: 'gamma', label: 'Gamma', total: 1 },
    ]);
    expect(screen.shown).toBe(41);
    expect(screen.visible.map((group) => group.group)).toEqual(['alpha']);
    expect(screen.visible[0]!.tools).toHaveLength(24);
    expect(screen.visible[0]!.matched).toBe(30);
    expect(screen.visible[0]!.tools[0]!.name).toBe('alpha_00');
  });

  it('chooses the rows by the filter, telling each group how many of its tools matched', () => {
    const screen = firstScreenOf(index, [], { query: '', group: '', availability: 'unavailable' }, 24);

    expect(screen.shown).toBe(3);
    expect(screen.visible).toEqual([expect.objectContaining({ group: 'beta', total: 10, matched: 3 })]);
    expect(firstScreenOf(index, [], { ...all, query: 'UNITS' }, 24).visible.map((group) => group.tools.map((t) => t.name))).toEqual([['gamma_units']]);
    expect(firstScreenOf(index, [], { ...all, group: 'beta' }, 5).visible[0]).toMatchObject({ group: 'beta', matched: 10 });
  });

  it('answers no rows, and the counts, when nothing matches', () => {
    const screen = firstScreenOf(index, [], { ...all, query: 'nothing-like-this' }, 24);

    expect(screen.shown).toBe(0);
    expect(screen.visible).toEqual([]);
    expect(screen.toolCount).toBe(41);
  });
});

describe('isSameFilter', () => {
  it('takes the query without case or outer spaces, and everything else exactly', () => {
    expect(isSameFilter({ query: ' Units ', group: '' }, { query: 'units', group: '', availability: '' })).toBe(true);
    expect(isSameFilter({ query: 'units', group: 'a' }, { query: 'units', group: '' })).toBe(false);
    expect(isSameFilter({ query: '', group: '', availability: 'available' }, { query: '', group: '' })).toBe(false);
  });
});
