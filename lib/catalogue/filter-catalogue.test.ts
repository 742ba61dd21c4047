import { describe, expect, it } from 'vitest';
import { CatalogueSearch, filterCatalogue, indexCatalogue } from './filter-catalogue';
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

describe('CatalogueSearch', () => {
  const many = indexCatalogue(
    Array.from({ length: 300 }, (_, i) => ({
      ...tool(`${['fs', 'git', 'mail'][i % 3]}_${['read', 'write', 'list'][i % 7 % 3]}_${i}`, ['fs', 'git', 'mail'][i % 3]!, `Record ${i}, ${i % 2 ? 'odd' : 'even'}.`),
      ...(i % 11 === 0 ? { unavailableReason: `Missing KEY_${i}` } : {}),
    })),
  );

  it('answers what filterCatalogue answers while a query is typed, deleted, changed and filtered by group or availability', () => {
    const search = new CatalogueSearch(many);
    const typed = ['r', 're', 'rec', 'reco', 'record 1', 'record 12', 'record 1', 'record', 'rec', 'e', 'ev', 'even', 'even fs', 'fs even', 'key_', 'key_1', 'KEY_1', '', 'write', 'writ', 'odd read', 'odd', 'even', 'git', 'fs', 'list 2', 'list'];
    const kinds = [{ group: '' }, { group: 'git' }, { group: '', availability: 'unavailable' as const }, { group: '', availability: 'available' as const }];
    const filters = kinds.flatMap((kind) => typed.map((query) => ({ ...kind, query })));
    for (const filter of [...filters, ...filters.reverse()]) {
      expect(names(search.filter(filter)), JSON.stringify(filter)).toEqual(names(filterCatalogue(many, filter)));
    }
  });

  it('gives a recent query its earlier result back, so what was laid out for it can be reused', () => {
    const search = new CatalogueSearch(many);
    const first = search.filter({ query: 'record', group: '' });
    search.filter({ query: 'record 2', group: '' });
    expect(search.filter({ query: 'Record ', group: '' })).toBe(first);
  });
});
