import { afterEach, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '@/test/db/databases';
import type { Db } from '@/lib/db/schema';
import { publishChange } from '@/lib/events';
import { createUser } from './create-user';
import { actorFromSession } from './session-actor';
import { SESSION_CACHE_MS } from './session-cache';
import { endOwnSession } from './sessions';
import { signIn } from './sign-in';
import { signOut } from './sign-out';
import { OPERATOR } from './system-actors';
import { updateUser } from './update-user';
import type { Role } from './permissions';

const PASSWORD = 'a session cache test password';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** A user of `role` signed in once: the Cookie header of the new session. */
async function signedIn(db: Db, email: string, role: Role): Promise<Headers> {
  await createUser({ db, actor: OPERATOR, input: { email, role, password: PASSWORD } });
  const { setCookies } = await signIn({ db, email, password: PASSWORD, address: 'test', headers: new Headers() });
  return new Headers({ cookie: setCookies.map((cookie) => cookie.split(';')[0]).join('; ') });
}

function later(ms: number): void {
  const now = performance.now();
  vi.spyOn(performance, 'now').mockReturnValue(now + ms);
}

describeEachDatabase('sessions cached a few seconds', (databases) => {
  it('refuses a session at once once it is signed out or ended on this instance', async () => {
    const { db } = await databases.create();
    const first = await signedIn(db, 'first@example.test', 'editor');
    const actor = await actorFromSession({ db, headers: first });
    expect(actor).toMatchObject({ kind: 'user', email: 'first@example.test', role: 'editor' });

    await signOut({ db, actor: actor!, headers: first });
    expect(await actorFromSession({ db, headers: first })).toBeNull();

    const { setCookies } = await signIn({ db, email: 'first@example.test', password: PASSWORD, address: 'test', headers: new Headers() });
    const second = new Headers({ cookie: setCookies.map((cookie) => cookie.split(';')[0]).join('; ') });
    const again = await actorFromSession({ db, headers: second });
    expect(again).not.toBeNull();
    await endOwnSession({ db, actor: again!, sessionId: again!.sessionId });
    expect(await actorFromSession({ db, headers: second })).toBeNull();
  });

  it('drops a demoted or disabled user at once on every connection of this process, cached or not', async () => {
    const { db, url } = await databases.create();
    // A second connection keeps a cache of its own, as another instance would.
    const other = await databases.open(url);
    const admin = await signedIn(db, 'admin@example.test', 'admin');
    const editor = await signedIn(db, 'editor@example.test', 'editor');
    const adminActor = (await actorFromSession({ db, headers: admin }))!;
    const editorActor = (await actorFromSession({ db, headers: editor }))!;
    expect(await actorFromSession({ db: other, headers: editor })).toMatchObject({ role: 'editor' });

    await updateUser({ db, actor: adminActor, id: editorActor.userId, expectedVersion: 1, changes: { role: 'viewer' } });

    expect(await actorFromSession({ db, headers: editor })).toBeNull();
    expect(await actorFromSession({ db: other, headers: editor })).toBeNull();
    // The admin's own session is untouched.
    expect(await actorFromSession({ db, headers: admin })).toMatchObject({ role: 'admin' });
  });

  it('honours a change made elsewhere at once when the change bus says so, and within the cache time when it does not', async () => {
    const { db } = await databases.create();
    const heard = await signedIn(db, 'heard@example.test', 'editor');
    const unheard = await signedIn(db, 'unheard@example.test', 'editor');
    const heardActor = (await actorFromSession({ db, headers: heard }))!;
    await actorFromSession({ db, headers: unheard });

    // Another instance (or the command line) disables both users; only the first notice reaches this one.
    await db.updateTable('auth_user').set({ banned: databases.kind === 'postgres' ? true : 1 }).execute();
    await db.deleteFrom('auth_session').execute();
    await publishChange({ kind: 'user-sessions', userId: heardActor.userId });

    expect(await actorFromSession({ db, headers: heard })).toBeNull();
    // Still cached from before the change…
    expect(await actorFromSession({ db, headers: unheard })).toMatchObject({ email: 'unheard@example.test' });
    // …but no longer than the cache time.
    later(SESSION_CACHE_MS);
    expect(await actorFromSession({ db, headers: unheard })).toBeNull();
  });

  it('checks the idle and absolute limits on every call, cached or not, and writes the last activity at most once a minute', async () => {
    const { db } = await databases.create();
    const editor = await signedIn(db, 'editor@example.test', 'editor');
    const actor = (await actorFromSession({ db, headers: editor }))!;
    const activity = async () => (await db.selectFrom('auth_session').select('updatedAt').where('id', '=', actor.sessionId).executeTakeFirst())?.updatedAt;
    const start = new Date(String(await activity())).getTime();

    const twoMinutes = new Date(start + 2 * 60_000);
    expect(await actorFromSession({ db, headers: editor, now: twoMinutes })).not.toBeNull();
    expect(new Date(String(await activity())).toISOString()).toBe(twoMinutes.toISOString());
    expect(await actorFromSession({ db, headers: editor, now: new Date(start + 2 * 60_000 + 30_000) })).not.toBeNull();
    expect(new Date(String(await activity())).toISOString()).toBe(twoMinutes.toISOString());

    // Idle for longer than the limit since the last recorded activity: ended and deleted, though cached.
    expect(await actorFromSession({ db, headers: editor, now: new Date(twoMinutes.getTime() + 31 * 60_000) })).toBeNull();
    expect(await activity()).toBeUndefined();
    expect(await actorFromSession({ db, headers: editor })).toBeNull();
  });

  it('refuses a cached session past its absolute end, however recently it was used', async () => {
    const { db } = await databases.create();
    const editor = await signedIn(db, 'editor@example.test', 'editor');
    const actor = (await actorFromSession({ db, headers: editor }))!;
    const start = new Date(String((await db.selectFrom('auth_session').select('updatedAt').where('id', '=', actor.sessionId).executeTakeFirst())?.updatedAt)).getTime();
    // Never idle here: only the 12 hours since sign-in can end it.
    vi.stubEnv('SESSION_IDLE_MINUTES', String(24 * 60));
    expect(await actorFromSession({ db, headers: editor, now: new Date(start + 11 * 3_600_000) })).not.toBeNull();
    expect(await actorFromSession({ db, headers: editor, now: new Date(start + 13 * 3_600_000) })).toBeNull();
  });

  it('does not trust a cookie it has not verified: a forged or unknown one is refused', async () => {
    const { db } = await databases.create();
    const editor = await signedIn(db, 'editor@example.test', 'editor');
    await actorFromSession({ db, headers: editor });
    const [name, value] = editor.get('cookie')!.split('=') as [string, string];
    // The same session token with one letter of its signature changed.
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
    const changed = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const forged = new Headers({ cookie: `${name}=${encodeURIComponent(`${token}.${changed}`)}` });
    expect(await actorFromSession({ db, headers: forged })).toBeNull();
    expect(await actorFromSession({ db, headers: new Headers({ cookie: `${name}=nothing.atall` }) })).toBeNull();
  });
});
