import { afterEach, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '@/test/db/databases';
import { publishChange } from '@/lib/events';
import { createToken } from './create-token';
import { revokeToken } from './revoke-token';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { TOKEN_CACHE_MS } from './token-cache';
import { verifyToken } from './verify-token';

afterEach(() => {
  vi.restoreAllMocks();
});

describeEachDatabase('verifyToken with its short-lived cache', (databases) => {
  it('refuses a token at once once it is revoked on this instance', async () => {
    const { db } = await databases.create();
    const { token, secret } = await createToken({ db, actor: TEST_ADMIN, input: { name: 'runtime', scopes: ['runtime'] } });
    await expect(verifyToken({ db, secret })).resolves.toMatchObject({ kind: 'token', tokenId: token.id, scopes: ['runtime'] });

    await revokeToken({ db, actor: TEST_ADMIN, id: token.id });

    await expect(verifyToken({ db, secret })).rejects.toMatchObject({ code: 'unauthenticated', message: 'The Bearer token was revoked' });
  });

  it('honours a revocation made elsewhere at once when the change bus says so, and within the cache time when it does not', async () => {
    const { db } = await databases.create();
    const heard = await createToken({ db, actor: TEST_ADMIN, input: { name: 'heard', scopes: ['runtime'] } });
    const unheard = await createToken({ db, actor: TEST_ADMIN, input: { name: 'unheard', scopes: ['runtime'] } });
    await verifyToken({ db, secret: heard.secret });
    await verifyToken({ db, secret: unheard.secret });

    // Another instance revokes both; only the first notice reaches this one.
    await db.updateTable('api_tokens').set({ revoked_at: new Date().toISOString() }).execute();
    await publishChange({ kind: 'token-revoked', tokenId: heard.token.id });

    await expect(verifyToken({ db, secret: heard.secret })).rejects.toMatchObject({ code: 'unauthenticated' });
    // Still cached from before the revocation…
    await expect(verifyToken({ db, secret: unheard.secret })).resolves.toMatchObject({ tokenId: unheard.token.id });
    // …but no longer than the cache time.
    const now = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(now + TOKEN_CACHE_MS);
    await expect(verifyToken({ db, secret: unheard.secret })).rejects.toMatchObject({ code: 'unauthenticated', message: 'The Bearer token was revoked' });
  });

  it('checks expiry on every call, cached or not, and writes the last use at most once a minute', async () => {
    const { db } = await databases.create();
    const start = new Date('2030-01-01T00:00:00.000Z');
    const { token, secret } = await createToken({
      db,
      actor: TEST_ADMIN,
      input: { name: 'expiring', scopes: ['runtime'], expiresAt: '2030-01-01T01:00:00.000Z' },
      now: start,
    });
    await verifyToken({ db, secret, now: start });
    await verifyToken({ db, secret, now: new Date('2030-01-01T00:00:30.000Z') });
    const lastUse = async () => (await db.selectFrom('api_tokens').select('last_used_at').where('id', '=', token.id).executeTakeFirstOrThrow()).last_used_at;
    expect(await lastUse()).toBe(start.toISOString());
    await verifyToken({ db, secret, now: new Date('2030-01-01T00:01:00.000Z') });
    expect(await lastUse()).toBe('2030-01-01T00:01:00.000Z');

    await expect(verifyToken({ db, secret, now: new Date('2030-01-01T01:00:00.000Z') })).rejects.toMatchObject({ message: 'The Bearer token has expired' });
  });

  it('does not keep unknown secrets: a token made after a miss works at once', async () => {
    const { db } = await databases.create();
    await expect(verifyToken({ db, secret: 'tat_notyetmade' })).rejects.toMatchObject({ message: 'The Bearer token is not valid' });
    const { secret } = await createToken({ db, actor: TEST_ADMIN, input: { name: 'new', scopes: ['runtime'] } });
    await expect(verifyToken({ db, secret })).resolves.toMatchObject({ kind: 'token' });
  });
});
