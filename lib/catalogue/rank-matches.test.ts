import { describe, expect, it } from 'vitest';
import type { VisibleGroup } from './filter-catalogue';
import { rankMatches } from './rank-matches';

function group(name: string, tools: string[]): VisibleGroup {
  return { group: name, label: name, total: tools.length, tools: tools.map((tool) => ({ name: tool, group: name, description: '', source: 'builtin' })) };
}

const names = (groups: VisibleGroup[]) => groups.map((g) => `${g.group}: ${g.tools.map((t) => t.name).join(' ')}`);

describe('rankMatches', () => {
  it('puts a tool whose name starts with the query first, its group too', () => {
    const ranked = rankMatches([group('fs', ['fs_list_dir']), group('general', ['tool_search', 'word_count'])], 'word');

    expect(names(ranked)).toEqual(['general: word_count tool_search', 'fs: fs_list_dir']);
  });

  it('ranks a name containing the query above a description match, and keeps order among equals', () => {
    const ranked = rankMatches([group('fs', ['fs_list_dir', 'fs_read_file', 'fs_read_dir'])], 'read');

    expect(names(ranked)).toEqual(['fs: fs_read_file fs_read_dir fs_list_dir']);
  });

  it('keeps the catalogue order without a query', () => {
    expect(names(rankMatches([group('b', ['x']), group('a', ['y'])], ' '))).toEqual(['b: x', 'a: y']);
  });
});
