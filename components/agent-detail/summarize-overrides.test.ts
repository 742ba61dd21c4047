import { describe, expect, it } from 'vitest';
import { MASK, summarizeOverrides } from './summarize-overrides';

const schema = {
  type: 'object',
  properties: {
    baseDir: { type: 'string', title: 'Base directory' },
    maxBytes: { type: 'integer', title: 'Maximum bytes' },
    apiKey: { type: 'string', format: 'password' },
    groups: { type: 'array', items: { type: 'string' } },
  },
};

describe('summarizeOverrides', () => {
  it('lists settings by title in the schema\'s order, secrets masked', () => {
    const items = summarizeOverrides({ maxBytes: 10, apiKey: 'hunter22', baseDir: '/srv/docs', groups: ['fs', 'todo'] }, schema);

    expect(items.map(({ label, text }) => `${label}: ${text}`)).toEqual([
      'Base directory: /srv/docs',
      'Maximum bytes: 10',
      `apiKey: ${MASK}`,
      'groups: fs, todo',
    ]);
  });

  it('shows a missing tool\'s overrides by key, masking secret-looking names', () => {
    const items = summarizeOverrides({ baseDir: '/data', password: 'x', nested: { a: 1 } });

    expect(items.map(({ label, text }) => `${label}: ${text}`)).toEqual(['baseDir: /data', `password: ${MASK}`, 'nested: {"a":1}']);
  });

  it('cuts long values and names empty ones', () => {
    const [long, empty, none] = summarizeOverrides({ a: 'x'.repeat(200), b: '', c: [] });

    expect(long!.text).toHaveLength(80);
    expect(long!.text.endsWith('…')).toBe(true);
    expect(empty!.text).toBe('(empty)');
    expect(none!.text).toBe('(none)');
  });
});
