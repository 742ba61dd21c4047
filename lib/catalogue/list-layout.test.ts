import { describe, expect, it } from 'vitest';
import { groupEnd, layoutList } from './list-layout';
import type { VisibleGroup } from './filter-catalogue';
import type { ToolSummary } from './tool-summary';

const tool = (name: string, available = true): ToolSummary => ({
  name, group: 'g', description: '', source: 'builtin', ...(available ? {} : { unavailableReason: 'Missing a key' }),
});

const groups: VisibleGroup[] = [
  { group: 'a', label: 'A', total: 2, tools: [tool('a_1'), tool('a_2', false)] },
  { group: 'b', label: 'B', total: 1, tools: [tool('b_1')] },
];

describe('layoutList', () => {
  it('places each heading before its tools and stacks the lines by their heights', () => {
    const layout = layoutList(groups, 40, (t) => (t.unavailableReason === undefined ? 80 : 100));

    expect(layout.items.map((item) => (item.type === 'heading' ? `#${item.groupIndex}` : item.tool.name))).toEqual([
      '#0', 'a_1', 'a_2', '#1', 'b_1',
    ]);
    expect(layout.starts).toEqual([0, 40, 120, 220, 260]);
    expect(layout.totalSize).toBe(340);
    expect(layout.groupStarts).toEqual([0, 3]);
    expect(groupEnd(layout, 0)).toBe(3);
    expect(groupEnd(layout, 1)).toBe(5);
  });
});
