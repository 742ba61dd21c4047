import { randomBytes } from 'node:crypto';
import { CompiledQuery, Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { dialectOf } from '@/lib/db/dialect-of';
import { migrationsFor } from '@/lib/db/migrations';
import { migrateToLatest } from '@/lib/db/migrate-to-latest';
import { openDatabase } from '@/lib/db/open-database';
import type { Db } from '@/lib/db/schema';
import { describeEachDatabase, TEST_DATABASE_URL } from '@/test/db/databases';
import { logger } from '@/lib/log/logger';
import { agentContains, agentMatches, agentOrder } from './agent-query';
import { createAgent, deleteAgent, pageAgents, updateAgent } from '.';

/**
 * The agents search by trigram index (migration 0050): the same answers as testing every row,
 * held in step with every change of an agent, and actually read.
 */

interface Row {
  id: string;
  name: string;
  description: string;
}

/** Agents whose texts exercise case folding, LIKE's metacharacters and FTS5's query syntax. */
const AGENTS: Row[] = [
  { id: 'ecole', name: 'ÉCOLE Support', description: 'Répond aux élèves' },
  { id: 'strasse', name: 'Straße Bot', description: 'Fährt GROẞE Straßen ab' },
  { id: 'greek', name: 'ΟΔΟΣ Helper', description: 'Ταξίδια ΣΟΦΊΑ στην ΑΘΗΝΑ' },
  { id: 'turkish', name: 'İstanbul Desk', description: 'Iğdır and ışık' },
  { id: 'percent', name: 'Hundred Percent', description: 'Reads 100% of files, 50% of the time' },
  { id: 'under-score', name: 'snake_case_agent', description: 'a_b_c and abc' },
  { id: 'backslash', name: 'Path Walker', description: 'Reads C:\\temp\\logs and c:/temp' },
  { id: 'quotes', name: 'Quote "Keeper"', description: 'Says "hello" AND NEAR(x) * col:val' },
  { id: 'id-only-zebra', name: 'Plain', description: '' },
  { id: 'name-only', name: 'Platypus Finder', description: 'finds things' },
  { id: 'desc-only', name: 'Other', description: 'Knows about the narwhal' },
  { id: 'mixed', name: 'MiXeD CaSe', description: 'UPPER lower Title' },
  { id: 'emoji', name: 'Rocket 🚀 Launcher', description: 'Launches 🚀🚀 fast' },
  { id: 'spaces', name: 'Two  Spaces', description: 'tab\tseparated text' },
];

/** Enough agents sharing a word that the index offers more of them than SQLite looks up one by one. */
const FILLER_COUNT = 1_100;

const TERMS = [
  // 1–2 characters: no trigram, the scan.
  'a', 'É', 'ß', '%', '_', '\\', '"', 'ab', 'ÉC', '0%', 'c:',
  // ASCII, by id, name or description only.
  'zebra', 'platypus', 'NARWHAL', 'mixed case', 'upper lower', 'ecole', 'filler',
  // Non-ASCII, in any case.
  'école', 'ÉCOLE', 'élèves', 'straße', 'STRASSE', 'GROẞE', 'große', 'οδος', 'ΟΔΟΣ', 'σοφία', 'ΑΘΗΝΑ', 'αθηνα', 'İstanbul', 'istanbul', 'ığdır', 'IŞIK', '🚀 l', '🚀🚀 ',
  // LIKE's metacharacters and FTS5's query syntax, taken literally.
  '100%', '0% of', '%%', 'a_b', '_case_', 'e_c', 'c:\\temp', '\\temp\\', '\\\\', '"keeper"', 'quote "', 'and near(x)', 'near(', '* col:val', 'col:val', 'AND',
  // Whitespace inside the term, and nothing.
  'two  spaces', 'two spaces', 'tab\tsep', 'no such agent',
];

/** The search's meaning, stated in JavaScript: id, name or description contains the term, ignoring case. */
function expectedIds(rows: readonly Row[], search: string): string[] {
  const term = search.trim().toLowerCase();
  return rows
    .filter((row) => [row.id, row.name, row.description].some((text) => text.toLowerCase().includes(term)))
    .sort((a, b) => Buffer.compare(Buffer.from(a.name.toLowerCase()), Buffer.from(b.name.toLowerCase())) || Buffer.compare(Buffer.from(a.id), Buffer.from(b.id)))
    .map((row) => row.id);
}

async function insertRows(db: Db, rows: readonly Row[]): Promise<void> {
  const now = new Date().toISOString();
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('agents')
      .values(rows.slice(start, start + 500).map((row) => ({ ...row, version: 1, created_at: now, updated_at: now })))
      .execute();
  }
}

/**
 * What the search answered before the index: its test on every row, in the list order (PostgreSQL
 * told not to use an index for it).
 */
async function scanIds(db: Db, search: string): Promise<string[]> {
  const [byName, byId] = agentOrder(db);
  return db.transaction().execute(async (trx) => {
    if (dialectOf(trx) === 'postgres') await sql`set local enable_bitmapscan = off`.execute(trx);
    const rows = await trx.selectFrom('agents').select('agents.id').where(agentContains(trx, search.trim().toLowerCase())).orderBy(byName).orderBy(byId).execute();
    return rows.map((row) => row.id);
  });
}

async function searchIds(db: Db, search: string): Promise<string[]> {
  return (await pageAgents({ db, actor: TEST_ADMIN, search })).agents.map((agent) => agent.id);
}

/** The list's page query for `search`, as pageAgents builds it, and its plan. */
async function planOf(db: Db, search: string): Promise<string> {
  const [byName, byId] = agentOrder(db);
  const query = db.selectFrom('agents').selectAll('agents').where(await agentMatches(db, search)).orderBy(byName).orderBy(byId).limit(50).offset(0).compile();
  const prefix = dialectOf(db) === 'postgres' ? 'explain ' : 'explain query plan ';
  const { rows } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + query.sql, [...query.parameters]));
  return rows.map((row) => String(row['QUERY PLAN'] ?? row.detail)).join('\n');
}

describeEachDatabase('agents search by trigram index', (databases) => {
  const fillers: Row[] = Array.from({ length: FILLER_COUNT }, (_, i) => ({
    id: `filler-${String(i).padStart(4, '0')}`,
    name: `Filler ${String(FILLER_COUNT - i).padStart(4, '0')}`,
    description: i % 100 === 0 ? 'one in a hundred' : 'filler agent',
  }));
  const rows = [...AGENTS, ...fillers];

  it('answers every term exactly as testing each agent would, in the list order, with the same pages and totals', async () => {
    const { db } = await databases.create();
    await insertRows(db, rows);

    for (const term of TERMS) {
      const expected = await scanIds(db, term);
      expect(await searchIds(db, term), JSON.stringify(term)).toEqual(expected);
      // PostgreSQL's lower() differs from JavaScript's on a few letters (final sigma; İ, which it
      // makes a plain i), as it did before the index; elsewhere the scan is the plain meaning.
      if (databases.kind === 'sqlite' || (/^[\x20-\x7e]*$/.test(term) && term !== 'istanbul')) expect(expected, JSON.stringify(term)).toEqual(expectedIds(rows, term));
      const pages = [];
      for (let offset = 0; offset < Math.min(expected.length, 60) + 7; offset += 7) {
        const page = await pageAgents({ db, actor: TEST_ADMIN, search: term, limit: 7, offset });
        expect(page.total, JSON.stringify(term)).toBe(expected.length);
        pages.push(...page.agents.map((agent) => agent.id));
      }
      expect(pages, JSON.stringify(term)).toEqual(expected.slice(0, pages.length));
    }
    // The broad term took the scan, the narrow ones the index: both were exercised above.
    expect(expectedIds(rows, 'filler').length).toBeGreaterThan(250);
    expect(expectedIds(rows, 'one in a hundred').length).toBe(11);
  });

  it('follows creates, renames, description edits, id changes and deletes', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'helper', name: 'Aardvark Helper', description: 'Digs for ants' } });
    expect(await searchIds(db, 'aardvark')).toEqual(['helper']);

    await updateAgent({ db, actor: TEST_ADMIN, id: 'helper', expectedVersion: 1, changes: { name: 'Ocelot Helper' } });
    expect(await searchIds(db, 'aardvark')).toEqual([]);
    expect(await searchIds(db, 'OCELOT')).toEqual(['helper']);
    expect(await searchIds(db, 'digs for')).toEqual(['helper']);

    await updateAgent({ db, actor: TEST_ADMIN, id: 'helper', expectedVersion: 2, changes: { description: 'Hunts by night' } });
    expect(await searchIds(db, 'digs for')).toEqual([]);
    expect(await searchIds(db, 'by night')).toEqual(['helper']);
    expect(await searchIds(db, 'ocelot')).toEqual(['helper']);

    // The app never changes an id, but the index must follow one changed by hand.
    await db.updateTable('agents').set({ id: 'night-hunter' }).where('id', '=', 'helper').execute();
    expect(await searchIds(db, 'helper')).toEqual(['night-hunter']);
    expect(await searchIds(db, 'hunter')).toEqual(['night-hunter']);

    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'other', name: 'Other Ocelot' } });
    expect(await searchIds(db, 'ocelot')).toEqual(['night-hunter', 'other']);
    await deleteAgent({ db, actor: TEST_ADMIN, id: 'night-hunter', expectedVersion: 3 });
    expect(await searchIds(db, 'ocelot')).toEqual(['other']);
    expect(await searchIds(db, 'by night')).toEqual([]);

    // A new agent taking a deleted one's id is found by its own texts only.
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'night-hunter', name: 'Owl' } });
    expect(await searchIds(db, 'owl')).toEqual(['night-hunter']);
    expect(await searchIds(db, 'ocelot')).toEqual(['other']);
    if (databases.kind === 'sqlite') {
      const { rows: keys } = await sql<{ count: number }>`select count(*) as count from agent_search_keys`.execute(db);
      expect(keys[0]?.count).toBe(2);
    }
  });

  it('indexes the agents that were there before the migration', async () => {
    const url = await databases.createBlank();
    const db = await databases.open(url);
    const kind = dialectOf(db);
    const schema = kind === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(kind) }, migrationTableSchema: schema });
    const { error } = await migrator.migrateTo('0040-agent-search');
    expect(error).toBeUndefined();
    await insertRows(db, AGENTS);

    await migrateToLatest(db);

    for (const term of ['école', 'narwhal', 'zebra', '100%', 'c:\\temp']) expect(await searchIds(db, term), term).toEqual(expectedIds(AGENTS, term));
  });

  it('reads the trigram index for a term of 3 characters or more, at 10,000 agents', { timeout: 120_000 }, async () => {
    const { db } = await databases.create();
    const many = Array.from({ length: 10_000 }, (_, i) => ({ id: `agent-${String(i).padStart(5, '0')}`, name: `Agent ${String(i).padStart(5, '0')}`, description: 'Answers support tickets for one team' }));
    await insertRows(db, many);

    expect(await searchIds(db, 'AGENT-0777')).toEqual(expectedIds(many, 'agent-0777'));
    if (databases.kind === 'postgres') {
      await sql`analyze agents`.execute(db);
      const plan = await planOf(db, 'agent-0777');
      expect(plan).toMatch(/Bitmap Index Scan on agents_(id|name|description)_trigram/);
      expect(plan).not.toMatch(/Seq Scan/);
      // A term every agent has is read in the list's order instead, stopping after a page.
      expect(await planOf(db, 'tickets')).toContain('agents_name_order');
    } else {
      const plan = await planOf(db, 'agent-0777');
      expect(plan).toContain('USING INTEGER PRIMARY KEY');
      expect(plan).not.toContain('SCAN agents');
      // What is offered comes from the index: emptied by hand, it offers nothing for 3 characters
      // or more, while a shorter term is still tested on every row.
      await sql`delete from agent_search`.execute(db);
      expect(await searchIds(db, 'agent-0777')).toEqual([]);
      expect(await searchIds(db, '77')).toEqual(expectedIds(many, '77'));
    }
  });
});

describe.runIf(TEST_DATABASE_URL)('agents search on a PostgreSQL server that refuses pg_trgm [postgres]', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    vi.restoreAllMocks();
    // Dropping a database waits for a checkpoint: seconds on a busy machine.
  }, 60_000);

  it('migrates without the trigram indexes, says why, and searches all the same', async () => {
    const serverUrl = TEST_DATABASE_URL ?? '';
    const suffix = randomBytes(6).toString('hex');
    const [role, database] = [`no_trgm_${suffix}`, `no_trgm_${suffix}`];
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.query(`drop role if exists ${role}`);
      await admin.end();
    });
    // A database of its own, where pg_trgm is not installed yet, and a role that may create
    // tables in its schema but not extensions (no CREATE on the database).
    await admin.query(`create role ${role} login`);
    await admin.query(`create database ${database}`);
    await admin.query(`revoke create on database ${database} from public`);
    const owner = new URL(serverUrl);
    owner.pathname = `/${database}`;
    const setup = new pg.Client({ connectionString: owner.toString() });
    await setup.connect();
    await setup.query(`create schema app authorization ${role}`);
    await setup.end();
    const url = new URL(owner);
    url.username = role;
    url.searchParams.set('options', '-c search_path=app');
    const warn = vi.spyOn(logger, 'warn');

    const db = await openDatabase({ url: url.toString() });
    cleanups.push(() => db.destroy());

    const { rows: indexes } = await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = 'app' and tablename = 'agents'`.execute(db);
    expect(indexes.map((index) => index.name).filter((name) => name.includes('trigram'))).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ sqlState: '42501' }), expect.stringContaining('pg_trgm'));
    await insertRows(db, AGENTS);
    for (const term of ['école', 'narwhal', '100%', 'ab']) expect(await searchIds(db, term), term).toEqual(expectedIds(AGENTS, term));
  });
});
