import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './gzip-coding';

describe('acceptsGzip', () => {
  it('accepts gzip as browsers send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('x-gzip')).toBe(true);
  });

  it('refuses gzip when the header is missing, names other codings only, or weighs gzip zero', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
    expect(acceptsGzip('gzip; q=0.000')).toBe(false);
  });

  it('takes a wildcard as gzip unless gzip itself is named', () => {
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('gzip;q=0.5, *;q=0')).toBe(true);
  });
});
