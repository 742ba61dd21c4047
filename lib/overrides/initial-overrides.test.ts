import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { fsOverridesSchema } from '@/registry/builtins/fs-settings';
import { initialOverrides, withDefaults } from './initial-overrides';
import { pruneEmptyObjects } from './prune-empty-objects';

describe('initialOverrides', () => {
  it('asks for settings when a required one has no default (fs_read_file\'s baseDir)', () => {
    expect(initialOverrides(fsOverridesSchema(['/srv']) as RJSFSchema)).toEqual({ overrides: { maxBytes: 65_536 }, isComplete: false });
  });

  it('assigns a tool without settings straight away', () => {
    expect(initialOverrides({})).toEqual({ overrides: {}, isComplete: true });
  });

  it('assigns a tool whose settings all have usable defaults', () => {
    const schema: RJSFSchema = { type: 'object', properties: { region: { type: 'string', enum: ['eu', 'us'], default: 'eu' } }, required: ['region'] };

    expect(initialOverrides(schema)).toEqual({ overrides: { region: 'eu' }, isComplete: true });
  });
});

describe('withDefaults', () => {
  it('keeps a saved value its enum no longer offers, instead of swapping in the default', () => {
    const schema: RJSFSchema = { type: 'object', properties: { separator: { type: 'string', enum: ['-', '_'], default: '-' }, nested: { type: 'object', properties: { mode: { type: 'string', enum: ['a'], default: 'a' } } } } };

    expect(withDefaults(schema, { separator: '~', nested: { mode: 'z' } })).toEqual({ separator: '~', nested: { mode: 'z' } });
  });

  it('keeps saved values and fills only what is unset', () => {
    expect(withDefaults(fsOverridesSchema(['/srv']) as RJSFSchema, { baseDir: '/srv' })).toEqual({ baseDir: '/srv', maxBytes: 65_536 });
    expect(withDefaults(fsOverridesSchema(['/srv']) as RJSFSchema, { baseDir: '/srv', maxBytes: 5 })).toEqual({ baseDir: '/srv', maxBytes: 5 });
  });
});

describe('optional groups of settings', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: {
      retries: { type: 'integer', default: 3 },
      proxy: { type: 'object', required: ['host'], properties: { host: { type: 'string' }, port: { type: 'integer', default: 8080 } } },
    },
  };

  it('are left out of the starting values until the admin fills them, so their required fields do not block', () => {
    expect(withDefaults(schema, {})).toEqual({ retries: 3 });
    expect(initialOverrides(schema)).toEqual({ overrides: { retries: 3 }, isComplete: true });
  });

  it('keep their defaults once saved with a value', () => {
    expect(withDefaults(schema, { proxy: { host: 'p' } })).toEqual({ retries: 3, proxy: { host: 'p', port: 8080 } });
  });

  it('count as not set once every field is emptied', () => {
    expect(pruneEmptyObjects({ retries: 3, proxy: { host: undefined, nested: {} }, list: [], name: '' })).toEqual({ retries: 3, list: [], name: '' });
  });
});
