import { describe, expect, it } from 'vitest';
import { hostnameOf, isOwnHost, isOwnOrigin, needsOwnOrigin, ownHostNames } from './own-hosts.mjs';

describe('the app\'s own host names', () => {
  const names = ownHostNames({ PUBLIC_URL: 'https://tools.example.com', ALLOWED_HOSTS: 'admin.internal, 10.0.0.5' });

  it.each(['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST', 'app.localhost:3000', 'tools.example.com', 'admin.internal:8080', '10.0.0.5'])(
    'accepts %s',
    (host) => expect(isOwnHost(host, names)).toBe(true),
  );

  it.each(['evil.example', 'rebind.evil.example:3000', '127.0.0.2:3000', 'localhost.evil.example', 'tools.example.com.evil', '', undefined])(
    'refuses %s',
    (host) => expect(isOwnHost(host, names)).toBe(false),
  );

  it('reads the name out of an IPv6 authority with a port', () => {
    expect(hostnameOf('[::1]:5100')).toBe('[::1]');
    expect(hostnameOf('Example.COM:80')).toBe('example.com');
  });
});

describe('the Origin rule for writes', () => {
  it('applies to cookie mutations without a Bearer token only', () => {
    expect(needsOwnOrigin('POST', { cookie: 'session=1' })).toBe(true);
    expect(needsOwnOrigin('delete', { cookie: 'session=1' })).toBe(true);
    expect(needsOwnOrigin('GET', { cookie: 'session=1' })).toBe(false);
    expect(needsOwnOrigin('POST', {})).toBe(false);
    expect(needsOwnOrigin('POST', { cookie: 'session=1', authorization: 'Bearer abc' })).toBe(false);
    expect(needsOwnOrigin('POST', { cookie: 'session=1', authorization: 'Basic abc' })).toBe(true);
  });

  const request = { hostHeader: '127.0.0.1:3000', scheme: 'http' as const, publicUrl: 'https://tools.example.com' };

  it('accepts the origin the request came in by and the origin of PUBLIC_URL', () => {
    expect(isOwnOrigin('http://127.0.0.1:3000', request)).toBe(true);
    expect(isOwnOrigin('https://tools.example.com', request)).toBe(true);
  });

  it.each([undefined, 'null', '', 'http://evil.example', 'http://localhost:3000', 'https://127.0.0.1:3000', 'http://127.0.0.1:3001', 'not a url'])(
    'refuses Origin %s',
    (origin) => expect(isOwnOrigin(origin, request)).toBe(false),
  );
});
