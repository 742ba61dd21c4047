import { describe, expect, it } from 'vitest';
import { filterCatalogue, indexCatalogue } from './filter-catalogue';
import type { ToolSummary } from './tool-summary';

function tool(name: string, group: string, description = ''): ToolSummary {
  return { name, group, description, source: 'builtin' };
}

const index = indexCatalogue([
  tool('fs_read_file', 'fs', 'Read a file under baseDir.'),
  tool('fs_list_dir', 'fs', 'List a directory.'),
  tool('word_count', 'general', 'Count the words of a text.'),
  tool('text_slugify', 'text', 'Turn a title into a URL slug.'),
]);

const names = (groups: ReturnType<typeof filterCatalogue>) => groups.map((g) => [g.group, g.tools.map((t) => t.name)]);

describe('filterCatalogue', () => {
  it('shows every group, sorted, with tools sorted by name, when nothing is typed', () => {
    expect(names(filterCatalogue(index, { query: '', group: '' }))).toEqual([
      ['fs', ['fs_list_dir', 'fs_read_file']],
      ['general', ['word_count']],
      ['text', ['text_slugify']],
    ]);
  });

  it('matches name, description and group, ignoring case', () => {
    expect(names(filterCatalogue(index, { query: 'COUNT', group: '' }))).toEqual([['general', ['word_count']]]);
    expect(names(filterCatalogue(index, { query: 'url slug', group: '' }))).toEqual([['text', ['text_slugify']]]);
    expect(names(filterCatalogue(index, { query: 'general', group: '' }))).toEqual([['general', ['word_count']]]);
  });

  it('needs every word to match and keeps the group size beside the matches', () => {
    const [fs] = filterCatalogue(index, { query: 'fs file', group: '' });
    expect(fs).toMatchObject({ group: 'fs', label: 'Fs', total: 2 });
    expect(fs!.tools.map((t) => t.name)).toEqual(['fs_read_file']);
  });

  it('keeps only available or only unavailable tools when asked', () => {
    const mixed = indexCatalogue([tool('fs_read_file', 'fs'), { ...tool('acme_search', 'acme'), unavailableReason: 'ACME_API_KEY is not set' }]);
    expect(names(filterCatalogue(mixed, { query: '', group: '', availability: 'unavailable' }))).toEqual([['acme', ['acme_search']]]);
    expect(names(filterCatalogue(mixed, { query: '', group: '', availability: 'available' }))).toEqual([['fs', ['fs_read_file']]]);
  });

  it('matches the reason a tool is unavailable', () => {
    const mixed = indexCatalogue([tool('fs_read_file', 'fs'), { ...tool('acme_search', 'acme'), unavailableReason: 'ACME_API_KEY is not set' }]);
    expect(names(filterCatalogue(mixed, { query: 'api_key', group: '' }))).toEqual([['acme', ['acme_search']]]);
  });

  it('limits the result to the chosen group', () => {
    expect(names(filterCatalogue(index, { query: '', group: 'text' }))).toEqual([['text', ['text_slugify']]]);
    expect(names(filterCatalogue(index, { query: 'count', group: 'fs' }))).toEqual([]);
  });
});
