import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/app-error';
import { etagOf, ifMatchAdmits, parseIfMatch, requireIfMatch } from './etag';

function requestWith(ifMatch?: string): Request {
  return new Request('http://test.local/x', { method: 'PATCH', headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } });
}

function thrown(action: () => unknown): AppError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected an AppError');
}

describe('etagOf', () => {
  it('is the quoted version, a strong ETag', () => {
    expect(etagOf(3)).toBe('"3"');
  });
});

describe('parseIfMatch', () => {
  it('answers undefined when the header is absent or blank', () => {
    expect(parseIfMatch(null)).toBeUndefined();
    expect(parseIfMatch('  ')).toBeUndefined();
  });

  it('parses *, a strong tag, a weak tag and lists', () => {
    expect(parseIfMatch('*')).toEqual({ kind: 'any' });
    expect(parseIfMatch('"3"')).toEqual({ kind: 'tags', tags: [{ isWeak: false, opaque: '3' }] });
    expect(parseIfMatch('W/"3"')).toEqual({ kind: 'tags', tags: [{ isWeak: true, opaque: '3' }] });
    expect(parseIfMatch(' "1" , W/"2","a,b"')).toEqual({
      kind: 'tags',
      tags: [
        { isWeak: false, opaque: '1' },
        { isWeak: true, opaque: '2' },
        { isWeak: false, opaque: 'a,b' },
      ],
    });
  });

  it('refuses malformed headers as invalid', () => {
    for (const header of ['3', '"3', '"1" "2"', '*, "1"']) {
      expect(thrown(() => parseIfMatch(header)).code).toBe('invalid');
    }
  });
});

describe('ifMatchAdmits', () => {
  it('matches * and a listed strong tag, never a weak one', () => {
    expect(ifMatchAdmits({ kind: 'any' }, 7)).toBe(true);
    expect(ifMatchAdmits(parseIfMatch('"6", "7"')!, 7)).toBe(true);
    expect(ifMatchAdmits(parseIfMatch('"6"')!, 7)).toBe(false);
    expect(ifMatchAdmits(parseIfMatch('W/"7"')!, 7)).toBe(false);
  });
});

describe('requireIfMatch', () => {
  const current = { id: 'a', version: 4 };

  it('answers the current version when If-Match names it', () => {
    expect(requireIfMatch(requestWith('"4"'), current, 'agent "a"')).toBe(4);
    expect(requireIfMatch(requestWith('*'), current, 'agent "a"')).toBe(4);
  });

  it('throws precondition_required without If-Match', () => {
    expect(thrown(() => requireIfMatch(requestWith(), current, 'agent "a"')).code).toBe('precondition_required');
  });

  it('throws precondition_failed with the current representation when stale', () => {
    const error = thrown(() => requireIfMatch(requestWith('"3"'), current, 'agent "a"'));
    expect(error.code).toBe('precondition_failed');
    expect(error.details.current).toBe(current);
    expect(error.message).toContain('"4"');
  });
});
