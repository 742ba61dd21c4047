import { describe, expect, it } from 'vitest';
import type { VisibleGroup } from './filter-catalogue';
import { limitGroups } from './limit-groups';
import { rankAndLimit, rankMatches } from './rank-matches';

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

  it('puts the tool whose name holds every typed word as a whole word first: "read file" gives fs_read_file', () => {
    const plain = group('fs', ['fs_list_dir', 'fs_read_file']);
    const fs = { ...plain, tools: plain.tools.map((tool) => ({ ...tool, description: tool.name === 'fs_list_dir' ? 'Lists a directory; read a file with fs_read_file.' : 'Reads a file.' })) };

    expect(names(rankMatches([fs], 'read file'))).toEqual(['fs: fs_read_file fs_list_dir']);
  });

  it('ranks whole-word name matches above names that only contain the word', () => {
    expect(names(rankMatches([group('text', ['text_spreadsheet', 'text_read'])], 'read'))).toEqual(['text: text_read text_spreadsheet']);
  });

  it('keeps the catalogue order without a query', () => {
    expect(names(rankMatches([group('b', ['x']), group('a', ['y'])], ' '))).toEqual(['b: x', 'a: y']);
  });
});

describe('rankAndLimit', () => {
  const groups = Array.from({ length: 6 }, (_, g) =>
    group(`g${g}`, Array.from({ length: 40 }, (_, i) => [`read_${g}_${i}`, `g${g}_reader_${i}`, `file_read_${i}`, `write_file_${g}${i}`][(i + g) % 4]!)),
  );

  it('answers what ranking every match and then cutting to the limit answers', () => {
    for (const query of ['', 'read', 'file', 'read file', 'write', 'g3', '1', 'zzz']) {
      for (const limit of [0, 1, 25, 40, 41, 200, 1_000]) {
        expect(rankAndLimit(groups, query, limit), `${query} / ${limit}`).toEqual(limitGroups(rankMatches(groups, query), limit));
      }
    }
  });
});
