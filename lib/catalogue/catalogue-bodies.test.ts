import { describe, expect, it } from 'vitest';
import type { CatalogueEntry } from '@/registry/catalogue';
import { CatalogueBodies } from './catalogue-bodies';
import { toToolSummary, type CatalogueSnapshot } from './tool-summary';

const parameters = { type: 'object', properties: { text: { type: 'string' } } };

function entry(overrides: Partial<CatalogueEntry> = {}): CatalogueEntry {
  return {
    name: 'word_count',
    group: 'general',
    description: 'Count words.',
    parametersSchema: parameters,
    overridesSchema: {},
    available: true,
    kind: 'factory',
    source: 'builtin',
    streamsResultToUser: false,
    ...overrides,
  };
}

const snapshot = (tools: CatalogueEntry[], diagnostics: CatalogueSnapshot['diagnostics'] = []): CatalogueSnapshot => ({ tools, diagnostics });

describe('CatalogueBodies', () => {
  it('serializes the full catalogue and the summaries exactly as JSON.stringify would', () => {
    const bodies = new CatalogueBodies();
    const catalogue = snapshot([entry()]);

    expect(bodies.bodyOf(catalogue, 'full').body).toBe(JSON.stringify(catalogue));
    expect(bodies.bodyOf(catalogue, 'summary').body).toBe(JSON.stringify({ tools: [toToolSummary(entry())], diagnostics: [] }));
  });

  it('keeps the ETag for a fresh reading of the same catalogue', () => {
    const bodies = new CatalogueBodies();
    const first = bodies.bodyOf(snapshot([entry()]), 'full');

    expect(bodies.bodyOf(snapshot([entry()]), 'full')).toEqual(first);
  });

  it('reuses the serialized body when an unavailable bundle comes back with new empty schemas', () => {
    const bundle = () => entry({ name: 'mail_*', available: false, unavailableReason: 'Missing KEY', kind: 'provider', parametersSchema: {}, overridesSchema: {} });
    const bodies = new CatalogueBodies();
    const first = bodies.bodyOf(snapshot([entry(), bundle()]), 'full');

    expect(bodies.bodyOf(snapshot([entry(), bundle()]), 'full')).toBe(first);
  });

  it('gives a new ETag when any single field of an entry changes', () => {
    const bodies = new CatalogueBodies();
    const base = entry({ available: false, unavailableReason: 'Missing KEY', unavailableSince: '2026-12-04T10:42:13.000Z', annotations: { readOnlyHint: true } });
    const baseTag = bodies.bodyOf(snapshot([base]), 'full').etag;
    for (const [field, value] of Object.entries(base)) {
      const changed = typeof value === 'string' ? `${value}!` : typeof value === 'boolean' ? !value : { changed: field };
      const next = bodies.bodyOf(snapshot([{ ...base, [field]: changed }]), 'full');
      expect(next.etag, field).not.toBe(baseTag);
      // Back to the original: the original ETag again.
      expect(bodies.bodyOf(snapshot([base]), 'full').etag, field).toBe(baseTag);
    }
  });

  it('serializes afresh when anything a client sees changes', () => {
    const bodies = new CatalogueBodies();
    const changes: CatalogueSnapshot[] = [
      snapshot([entry({ description: 'Count the words.' })]),
      snapshot([entry({ available: false, unavailableReason: 'Missing KEY' })]),
      snapshot([entry({ available: false, unavailableReason: 'Missing OTHER_KEY' })]),
      snapshot([entry({ overridesSchema: { type: 'object', properties: { max: { type: 'integer' } } } })]),
      // A rebuilt tool brings a new schema object, whatever its content.
      snapshot([entry({ parametersSchema: { type: 'object', properties: { words: { type: 'string' } } } })]),
      snapshot([entry(), entry({ name: 'word_count_2' })]),
      snapshot([entry()], [{ kind: 'failed', source: 'broken', message: 'import failed' }]),
    ];
    let previous = bodies.bodyOf(snapshot([entry()]), 'full');
    for (const changed of changes) {
      const next = bodies.bodyOf(changed, 'full');
      expect(next.body).toBe(JSON.stringify(changed));
      expect(next.etag).not.toBe(previous.etag);
      previous = next;
    }
  });
});
