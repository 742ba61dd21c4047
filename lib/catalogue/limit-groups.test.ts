import { describe, expect, it } from 'vitest';
import type { VisibleGroup } from './filter-catalogue';
import { limitGroups } from './limit-groups';
import type { ToolSummary } from './tool-summary';

function group(name: string, count: number): VisibleGroup {
  const tools: ToolSummary[] = Array.from({ length: count }, (_, i) => ({ name: `${name}_${i}`, group: name, description: '', source: 'builtin' }));
  return { group: name, label: name, total: count, tools };
}

describe('limitGroups', () => {
  it('keeps every tool when the matches fit the limit', () => {
    const result = limitGroups([group('a', 2), group('b', 3)], 10);

    expect(result).toMatchObject({ matched: 5, shown: 5 });
    expect(result.groups.map((g) => g.tools.length)).toEqual([2, 3]);
  });

  it('cuts the group that crosses the limit and drops the groups after it, counting all matches', () => {
    const result = limitGroups([group('a', 3), group('b', 3), group('c', 3)], 4);

    expect(result).toMatchObject({ matched: 9, shown: 4 });
    expect(result.groups.map((g) => [g.group, g.tools.length])).toEqual([['a', 3], ['b', 1]]);
    expect(result.groups[1]!.total).toBe(3);
  });
});
