import { describe, expect, it } from 'vitest';
import { etagOf, matchesIfNoneMatch } from './etag';

describe('etagOf', () => {
  it('gives the same quoted tag for the same body and another for a changed one', () => {
    const tag = etagOf('{"tools":[]}');
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect(etagOf('{"tools":[]}')).toBe(tag);
    expect(etagOf('{"tools":[1]}')).not.toBe(tag);
  });
});

describe('matchesIfNoneMatch', () => {
  const tag = etagOf('body');

  it('matches the tag itself, its weak form, a list containing it and *', () => {
    expect(matchesIfNoneMatch(tag, tag)).toBe(true);
    expect(matchesIfNoneMatch(`W/${tag}`, tag)).toBe(true);
    expect(matchesIfNoneMatch(`"other", ${tag}`, tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
  });

  it('does not match a missing header or other tags', () => {
    expect(matchesIfNoneMatch(null, tag)).toBe(false);
    expect(matchesIfNoneMatch('"other"', tag)).toBe(false);
  });
});
