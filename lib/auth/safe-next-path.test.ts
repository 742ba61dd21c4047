import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPathFor } from './safe-next-path';

describe('safeNextPath', () => {
  it('keeps a path of this app, with its query and fragment', () => {
    expect(safeNextPath('/audit?action=agent.update&from=2026-01-01')).toBe('/audit?action=agent.update&from=2026-01-01');
    expect(safeNextPath('/agents/demo#tools')).toBe('/agents/demo#tools');
    expect(safeNextPath('/tools/fs_read_file')).toBe('/tools/fs_read_file');
  });

  it.each([
    ['an absolute URL', 'https://evil.example/steal'],
    ['a scheme-relative URL', '//evil.example'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['a backslash later on', '/\\/evil.example'],
    ['a tab the browser drops', '/\t/evil.example'],
    ['a newline the browser drops', '/\n/evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a path without its leading slash', 'evil.example'],
    ['three slashes', '///evil.example'],
    ['an API route', '/api/auth/sign-out'],
    ['the sign-in page itself', '/sign-in?next=/'],
    ['nothing', ''],
    ['something not a string', ['/audit']],
    ['a path over 2,000 characters', `/${'a'.repeat(2001)}`],
  ])('answers / for %s', (_case, next) => {
    expect(safeNextPath(next)).toBe('/');
  });

  it('keeps an encoded slash encoded, a path segment of this app and never another host', () => {
    const kept = safeNextPath('/%2F%2Fevil.example');
    expect(kept).toBe('/%2F%2Fevil.example');
    expect(new URL(kept, 'http://app.test').host).toBe('app.test');
  });
});

describe('signInPathFor', () => {
  it('carries the page in `next`, and leaves it out for the home page', () => {
    expect(signInPathFor('/audit?action=agent.update')).toBe('/sign-in?next=%2Faudit%3Faction%3Dagent.update');
    expect(signInPathFor('/')).toBe('/sign-in');
    expect(signInPathFor('//evil.example')).toBe('/sign-in');
  });
});
