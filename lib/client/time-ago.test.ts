import { describe, expect, it } from 'vitest';
import { clockText, timeAgo, timeSpan } from './time-ago';

describe('timeAgo', () => {
  const now = Date.parse('2026-12-04T10:00:00Z');
  it.each([
    ['2026-12-04T09:59:50Z', 'just now'],
    ['2026-12-04T09:58:00Z', '2 min ago'],
    ['2026-12-04T07:00:00Z', '3 hours ago'],
    ['2026-12-03T10:00:00Z', '1 day ago'],
  ])('reads %s as "%s"', (iso, words) => {
    expect(timeAgo(iso, now)).toBe(words);
  });
});

describe('timeSpan', () => {
  const now = Date.parse('2026-12-04T10:00:00Z');
  it.each([
    ['2026-12-04T09:59:50Z', undefined],
    ['2026-12-04T09:57:00Z', '3 min'],
    ['2026-12-04T09:00:00Z', '1 hour'],
    ['2026-12-02T10:00:00Z', '2 days'],
  ])('reads %s as %s', (iso, words) => {
    expect(timeSpan(iso, now)).toBe(words);
  });
});

describe('clockText', () => {
  it('reads an ISO time as UTC clock time and day, whatever its offset', () => {
    expect(clockText('2026-12-04T10:42:13.000Z')).toBe('10:42:13 UTC, 4 Dec');
    expect(clockText('2026-12-04T11:42:13+01:00')).toBe('10:42:13 UTC, 4 Dec');
  });
});
