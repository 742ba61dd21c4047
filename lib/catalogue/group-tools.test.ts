import { describe, expect, it } from 'vitest';
import type { CatalogueEntry } from '@/registry/catalogue';
import { firstLine, groupLabel, groupTools } from './group-tools';

const entry = (name: string, group: string): CatalogueEntry => ({
  name,
  group,
  description: '',
  parametersSchema: {},
  overridesSchema: {},
  available: true,
  kind: 'factory',
  source: 'builtin',
  streamsResultToUser: false,
});

describe('groupTools', () => {
  it('makes one section per group, groups and tools each sorted by name', () => {
    const groups = groupTools([entry('todo_write', 'todo'), entry('word_count', 'general'), entry('todo_read', 'todo')]);
    expect(groups.map((g) => [g.group, g.tools.map((t) => t.name)])).toEqual([
      ['general', ['word_count']],
      ['todo', ['todo_read', 'todo_write']],
    ]);
  });

  it('gives an empty list for an empty catalogue', () => {
    expect(groupTools([])).toEqual([]);
  });
});

describe('groupLabel', () => {
  it('capitalises a group name for display', () => {
    expect(groupLabel('general')).toBe('General');
    expect(groupLabel('google_drive')).toBe('Google drive');
  });
});

describe('firstLine', () => {
  it('keeps only the first line of a description', () => {
    expect(firstLine('Reads a file.\nMore detail here.')).toBe('Reads a file.');
  });
});
