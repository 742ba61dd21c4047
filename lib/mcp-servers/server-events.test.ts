import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '@/test/db/databases';
import {
  countServerEvents,
  describeToolChanges,
  forgetServerHistory,
  readKnownTools,
  readServerEvents,
  recordServerEvent,
  saveKnownTools,
  toolChanges,
} from './server-events';

describeEachDatabase('the servers\' event timelines', (databases) => {
  it('stores events per server, newest first, with the tool changes they name', async () => {
    const { db } = await databases.create();
    await recordServerEvent(db, { server: 'everything', kind: 'connected', message: 'Connected (13 tools)' });
    await recordServerEvent(db, { server: 'other', kind: 'connected', message: 'Connected (1 tool)' });
    await recordServerEvent(db, { server: 'everything', kind: 'lost', message: 'Connection lost: The server stopped' });
    await recordServerEvent(db, { server: 'everything', kind: 'tools_changed', message: 'Tools changed', details: { added: ['b'], removed: [], changed: ['a'] } });

    const events = await readServerEvents(db, 'everything');
    expect(events.map((event) => event.kind)).toEqual(['tools_changed', 'lost', 'connected']);
    expect(events[0]).toMatchObject({ server: 'everything', message: 'Tools changed', details: { added: ['b'], removed: [], changed: ['a'] } });
    expect(events[1]!.details).toBeUndefined();
    expect(events[0]!.id).toBeGreaterThan(events[1]!.id);
    expect(await readServerEvents(db, 'everything', { before: events[1]!.id })).toEqual([events[2]]);
    expect(await readServerEvents(db, 'everything', { limit: 1 })).toEqual([events[0]]);
  });

  it('keeps at most the newest N events of a server and none older than the days kept, leaving other servers alone', async () => {
    const { db } = await databases.create();
    const now = new Date('2026-12-04T10:00:00.000Z');
    const then = () => new Date('2026-10-01T00:00:00.000Z');
    await recordServerEvent(db, { server: 'old', kind: 'connected', message: 'old one' }, { now: then });
    await recordServerEvent(db, { server: 'busy', kind: 'connected', message: 'ancient' }, { now: then });
    for (let index = 0; index < 7; index += 1) {
      await recordServerEvent(db, { server: 'busy', kind: 'restarted', message: `restart ${index}` }, { perServer: 5, days: 30, now: () => now });
    }
    const kept = await readServerEvents(db, 'busy');
    expect(kept.map((event) => event.message)).toEqual(['restart 6', 'restart 5', 'restart 4', 'restart 3', 'restart 2']);
    // Another server's timeline is pruned only when it gets an event of its own.
    expect((await readServerEvents(db, 'old')).map((event) => event.message)).toEqual(['old one']);
    expect(await countServerEvents(db, 'busy', 'restarted', new Date(now.getTime() - 3_600_000))).toBe(5);
    expect(await countServerEvents(db, 'busy', 'restarted', new Date(now.getTime() + 3_600_000))).toBe(0);
  });

  it('keeps the last tool list of a server (replaced on save) and forgets it and the timeline when the server goes', async () => {
    const { db } = await databases.create();
    expect(await readKnownTools(db, 'everything')).toEqual([]);
    await saveKnownTools(db, 'everything', [{ name: 'echo', description: 'Echoes', inputSchema: { type: 'object' } }]);
    await saveKnownTools(db, 'everything', [{ name: 'add', description: 'Adds', inputSchema: { type: 'object', properties: { a: { type: 'number' } } } }]);
    expect(await readKnownTools(db, 'everything')).toEqual([{ name: 'add', description: 'Adds', inputSchema: { type: 'object', properties: { a: { type: 'number' } } } }]);
    await recordServerEvent(db, { server: 'everything', kind: 'connected', message: 'Connected' });

    await forgetServerHistory(db, 'everything');

    expect(await readKnownTools(db, 'everything')).toEqual([]);
    expect(await readServerEvents(db, 'everything')).toEqual([]);
  });
});

describe('tool changes between two lists', () => {
  it('names the tools added, removed and changed (description, schema or annotations)', () => {
    const before = [
      { name: 'echo', description: 'Echoes', inputSchema: { type: 'object' } },
      { name: 'add', description: 'Adds', inputSchema: { type: 'object' } },
      { name: 'gone', description: 'Goes', inputSchema: {} },
    ];
    const after = [
      { name: 'echo', description: 'Echoes', inputSchema: { type: 'object' } },
      { name: 'add', description: 'Adds', inputSchema: { type: 'object', required: ['a'] } },
      { name: 'new', description: 'New', inputSchema: {} },
    ];
    const changes = toolChanges(before, after);
    expect(changes).toEqual({ added: ['new'], removed: ['gone'], changed: ['add'] });
    expect(describeToolChanges(changes)).toBe('Tools changed: 1 added (new); 1 removed (gone); 1 changed (add)');
  });
});
