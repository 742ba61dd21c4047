import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from './database-url';

describe('parseDatabaseUrl', () => {
  it('reads every form DATABASE_URL may take', () => {
    expect(parseDatabaseUrl(undefined, '/app')).toEqual({ kind: 'sqlite', file: '/app/data/tools-admin.sqlite' });
    expect(parseDatabaseUrl('  ', '/app')).toEqual({ kind: 'sqlite', file: '/app/data/tools-admin.sqlite' });
    expect(parseDatabaseUrl('sqlite:db/x.sqlite', '/app')).toEqual({ kind: 'sqlite', file: path.resolve('/app/db/x.sqlite') });
    expect(parseDatabaseUrl('file:/var/x.sqlite', '/app')).toEqual({ kind: 'sqlite', file: '/var/x.sqlite' });
    expect(parseDatabaseUrl('file:///var/x.sqlite', '/app')).toEqual({ kind: 'sqlite', file: '/var/x.sqlite' });
    expect(parseDatabaseUrl('postgres://u@h:5432/db')).toEqual({ kind: 'postgres', connectionString: 'postgres://u@h:5432/db' });
    expect(parseDatabaseUrl('postgresql://u@h/db')).toEqual({ kind: 'postgres', connectionString: 'postgresql://u@h/db' });
  });

  it('refuses another scheme without repeating a password it may hold', () => {
    expect(() => parseDatabaseUrl('mysql://root:secret@host/db')).toThrow(/mysql:/);
    expect(() => parseDatabaseUrl('mysql://root:secret@host/db')).not.toThrow(/secret/);
  });
});
