import { describe, expect, it } from 'vitest';
import { settingsOf, settingValue } from './setting-value';

describe('settingValue', () => {
  it('reads a number, a boolean and JSON by the setting type, and leaves text that is none as typed', () => {
    expect(settingValue(' 4096 ', 'integer')).toBe(4096);
    expect(settingValue('lots', 'integer')).toBe('lots');
    expect(settingValue('true', 'boolean')).toBe(true);
    expect(settingValue('["a"]', 'array')).toEqual(['a']);
    expect(settingValue(' /srv ', 'string')).toBe(' /srv ');
  });
});

describe('settingsOf', () => {
  it('lists the top-level settings with their titles', () => {
    expect(settingsOf({ properties: { maxBytes: { type: 'integer', title: 'Maximum bytes' }, baseDir: {} } })).toEqual([
      { name: 'maxBytes', type: 'integer', title: 'Maximum bytes' },
      { name: 'baseDir', type: 'string', title: 'baseDir' },
    ]);
  });
});
