import 'server-only';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import { getDb } from '@/lib/db/get-db';
import { parseDatabaseUrl } from '@/lib/db/database-url';
import { CHANGE_CHANNEL, parseChangeEvent, type ChangeEvent } from './change-event';

type Listener = (event: ChangeEvent) => void;

interface BusState {
  origin: string;
  emitter: EventEmitter;
  /** The LISTEN connection of this process, per DATABASE_URL; only on PostgreSQL. */
  listeners: Map<string, Promise<pg.Client>>;
}

const host = globalThis as typeof globalThis & { changeBus?: BusState };

function state(): BusState {
  host.changeBus ??= { origin: randomUUID(), emitter: new EventEmitter().setMaxListeners(0), listeners: new Map() };
  return host.changeBus;
}

/**
 * Tells every subscriber, in this process and (on PostgreSQL, through NOTIFY) in every other
 * instance on the same database. Never throws: a lost notice must not fail the change it
 * reports; subscribers also re-check on their own.
 */
export async function publishChange(event: ChangeEvent): Promise<void> {
  const bus = state();
  bus.emitter.emit('change', event);
  if (safeLocation(process.env.DATABASE_URL)?.kind !== 'postgres') return;
  try {
    // Through the app's own pool: publishing needs no connection of its own.
    const db = await getDb();
    await sql`select pg_notify(${CHANGE_CHANNEL}, ${JSON.stringify({ origin: bus.origin, event })})`.execute(db);
  } catch (error) {
    console.error('Change bus: NOTIFY failed', error instanceof Error ? error.message : error);
  }
}

/**
 * Calls `listener` for every change, local or from another instance (on PostgreSQL it starts
 * this process's LISTEN connection). Returns the function that unsubscribes.
 */
export function subscribeChanges(listener: Listener, databaseUrl: string | undefined = process.env.DATABASE_URL): () => void {
  const bus = state();
  bus.emitter.on('change', listener);
  const location = safeLocation(databaseUrl);
  if (location?.kind === 'postgres') {
    listenerFor(location.connectionString).catch((error: unknown) =>
      console.error('Change bus: LISTEN failed', error instanceof Error ? error.message : error),
    );
  }
  return () => bus.emitter.off('change', listener);
}

/** Ends this process's LISTEN connections; for shutdown and tests. */
export async function closeChangeBus(): Promise<void> {
  const bus = state();
  const clients = [...bus.listeners.values()];
  bus.listeners.clear();
  await Promise.allSettled(clients.map(async (client) => (await client).end()));
}

function listenerFor(connectionString: string): Promise<pg.Client> {
  const bus = state();
  const existing = bus.listeners.get(connectionString);
  if (existing) return existing;
  const connecting = (async () => {
    const client = new pg.Client({ connectionString });
    client.on('notification', ({ channel, payload }) => {
      if (channel !== CHANGE_CHANNEL) return;
      const parsed = parseChangeEvent(payload);
      // This process's own events were delivered locally when published.
      if (parsed && parsed.origin !== bus.origin) bus.emitter.emit('change', parsed.event);
    });
    client.on('error', (error) => {
      console.error('Change bus: the LISTEN connection failed; it reconnects on next use', error.message);
      if (bus.listeners.get(connectionString) === connecting) bus.listeners.delete(connectionString);
    });
    await client.connect();
    await client.query(`listen ${CHANGE_CHANNEL}`);
    return client;
  })();
  bus.listeners.set(connectionString, connecting);
  connecting.catch(() => {
    if (bus.listeners.get(connectionString) === connecting) bus.listeners.delete(connectionString);
  });
  return connecting;
}

function safeLocation(url: string | undefined): ReturnType<typeof parseDatabaseUrl> | undefined {
  try {
    return parseDatabaseUrl(url);
  } catch {
    return undefined;
  }
}
