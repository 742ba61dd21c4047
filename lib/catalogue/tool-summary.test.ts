import { describe, expect, it } from 'vitest';
import type { CatalogueEntry } from '@/registry/catalogue';
import { hasSettings, isAvailable, toToolSummary } from './tool-summary';

const entry: CatalogueEntry = {
  name: 'acme_lookup',
  group: 'acme',
  description: 'Look a customer up.\nMore text.',
  parametersSchema: { type: 'object', properties: { query: { type: 'string' } } },
  overridesSchema: { type: 'object', properties: { region: { type: 'string' } } },
  available: false,
  unavailableReason: 'Setting acme.api-key is missing',
  kind: 'factory',
  source: 'acme-tools',
  streamsResultToUser: true,
};

describe('toToolSummary', () => {
  it('keeps what the list shows and drops the schemas', () => {
    expect(toToolSummary(entry)).toEqual({
      name: 'acme_lookup',
      group: 'acme',
      description: 'Look a customer up.\nMore text.',
      source: 'acme-tools',
      unavailableReason: 'Setting acme.api-key is missing',
      streamsResultToUser: true,
      hasSettings: true,
    });
  });

  it('leaves out every flag that does not hold, and marks bundles', () => {
    const summary = toToolSummary({
      ...entry,
      available: true,
      unavailableReason: undefined,
      streamsResultToUser: false,
      overridesSchema: {},
      kind: 'provider',
    });
    expect(summary).toEqual({ name: 'acme_lookup', group: 'acme', description: 'Look a customer up.\nMore text.', source: 'acme-tools', isBundle: true });
    expect(isAvailable(summary)).toBe(true);
    expect(isAvailable(toToolSummary(entry))).toBe(false);
  });

  it('keeps since when an unavailable tool has been away, and only while it is unavailable', () => {
    const away = { ...entry, unavailableSince: '2026-12-04T10:42:13.000Z' };
    expect(toToolSummary(away)).toMatchObject({ unavailableReason: 'Setting acme.api-key is missing', unavailableSince: '2026-12-04T10:42:13.000Z' });
    expect(toToolSummary(entry)).not.toHaveProperty('unavailableSince');
    expect(toToolSummary({ ...away, available: true })).not.toHaveProperty('unavailableSince');
  });
});

describe('hasSettings', () => {
  it('is false for an empty schema or one without properties', () => {
    expect(hasSettings({})).toBe(false);
    expect(hasSettings({ type: 'object', properties: {} })).toBe(false);
    expect(hasSettings({ type: 'object', additionalProperties: false })).toBe(false);
  });

  it('is false when the schema only allows any other key (additionalProperties: true)', () => {
    expect(hasSettings({ type: 'object', additionalProperties: true })).toBe(false);
    expect(hasSettings({ type: 'object', properties: {}, additionalProperties: true })).toBe(false);
  });

  it('is true when additionalProperties has a schema for the values to fill in', () => {
    expect(hasSettings({ type: 'object', additionalProperties: { type: 'string' } })).toBe(true);
  });

  it('is true when the schema declares properties or composes schemas', () => {
    expect(hasSettings({ type: 'object', properties: { baseDir: { type: 'string' } } })).toBe(true);
    expect(hasSettings({ oneOf: [{ type: 'object' }] })).toBe(true);
  });
});
