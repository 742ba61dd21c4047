import { describe, expect, it } from 'vitest';
import type { VisibleGroup } from '@/lib/catalogue/filter-catalogue';
import { limitGroups } from '@/lib/catalogue/limit-groups';
import { nameScore, rankAndLimit, rankMatches } from './rank-matches';

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

describe('nameScore', () => {
  it('counts a typed word that is one of the name\'s words (runs of a–z and 0–9) as whole', () => {
    expect(nameScore('fs_read_file', ['read'])).toBe(101);
    expect(nameScore('fs_read_file', ['fs'])).toBe(111);
    expect(nameScore('fs_read_file', ['file'])).toBe(101);
    expect(nameScore('fs.read-file2', ['file2'])).toBe(101);
  });

  it('counts a word only contained in the name as contained, not whole', () => {
    expect(nameScore('fs_reader', ['read'])).toBe(1);
    expect(nameScore('spreadsheet', ['read'])).toBe(1);
    expect(nameScore('fs_read_file', ['ead'])).toBe(1);
  });

  it('finds a whole word after an earlier occurrence that is not one', () => {
    expect(nameScore('reader_read', ['read'])).toBe(111);
    expect(nameScore('threads_read_x', ['read'])).toBe(101);
  });

  it('never counts a word holding a separator as whole, though the name contains it', () => {
    expect(nameScore('fs_read_file', ['fs_read'])).toBe(11);
    expect(nameScore('fs_read_file', ['read_file'])).toBe(1);
  });

  it('compares lowercase: an uppercase name is split like its lowercase form', () => {
    expect(nameScore('FS_Read_File', ['read', 'file'])).toBe(202);
    expect(nameScore('FS_Read_File', ['fs'])).toBe(111);
  });

  it('treats letters beyond a–z as separators, as the words of a name are a–z and 0–9', () => {
    expect(nameScore('caf\u00e9read', ['read'])).toBe(101);
    expect(nameScore('caf\u00e9read', ['caf'])).toBe(111);
  });

  it('adds up several words and scores nothing for a word the name lacks', () => {
    expect(nameScore('fs_read_file', ['read', 'file', 'dir'])).toBe(202);
    expect(nameScore('fs_read_file', ['zzz'])).toBe(0);
  });
});
