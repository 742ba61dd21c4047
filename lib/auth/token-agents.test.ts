import { describe, expect, it } from 'vitest';
import { isWithin, parseStoredAgents, storedAgents } from './token-agents';

describe('stored agent sets', () => {
  it('reads "all", a list of ids, and fails closed on anything else', () => {
    expect(parseStoredAgents('all')).toEqual({ all: true });
    expect(parseStoredAgents('["hr","sales"]')).toEqual({ all: false, ids: ['hr', 'sales'] });
    expect(parseStoredAgents('{"all":true}')).toEqual({ all: false, ids: [] });
    expect(parseStoredAgents('not json')).toEqual({ all: false, ids: [] });
    expect(storedAgents({ all: false, ids: ['hr'] })).toBe('["hr"]');
    expect(storedAgents({ all: true })).toBe('all');
  });

  it('lets a set narrow, never widen', () => {
    expect(isWithin({ all: false, ids: ['hr'] }, { all: true })).toBe(true);
    expect(isWithin({ all: false, ids: ['hr'] }, { all: false, ids: ['hr', 'sales'] })).toBe(true);
    expect(isWithin({ all: true }, { all: false, ids: ['hr'] })).toBe(false);
    expect(isWithin({ all: false, ids: ['hr', 'ops'] }, { all: false, ids: ['hr'] })).toBe(false);
  });
});
