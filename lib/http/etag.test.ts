import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/app-error';
import { etagOf, expectedVersionFrom, ifMatchAdmits, parseIfMatch } from './etag';

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

describe('expectedVersionFrom', () => {
  const current = { id: 'a', version: 4 };
  let reads = 0;
  const loadCurrent = async () => {
    reads++;
    return current;
  };

  it('answers undefined without If-Match, leaving 428 or 404 to the write', async () => {
    await expect(expectedVersionFrom(requestWith(), loadCurrent)).resolves.toBeUndefined();
  });

  it('answers a single strong tag\'s version without reading the resource, stale or not', async () => {
    reads = 0;
    await expect(expectedVersionFrom(requestWith('"4"'), loadCurrent)).resolves.toBe(4);
    await expect(expectedVersionFrom(requestWith('"3"'), loadCurrent)).resolves.toBe(3);
    expect(reads).toBe(0);
  });

  it('matches *, lists and weak tags against the current version', async () => {
    await expect(expectedVersionFrom(requestWith('*'), loadCurrent)).resolves.toBe(4);
    await expect(expectedVersionFrom(requestWith('"2", "4"'), loadCurrent)).resolves.toBe(4);
    const stale = await expectedVersionFrom(requestWith('W/"4"'), loadCurrent).catch((error: unknown) => error);
    expect(stale).toBeInstanceOf(AppError);
    expect((stale as AppError).code).toBe('precondition_failed');
    expect((stale as AppError).details.current).toBe(current);
  });

  it('refuses a malformed If-Match as invalid', async () => {
    await expect(expectedVersionFrom(requestWith('4'), loadCurrent)).rejects.toMatchObject({ code: 'invalid' });
  });
});
