import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { deleteAgent, listAgents } from '@/lib/agents';
import { listAssignments } from '@/lib/assignments';
import { createToolEnvironment } from '@/registry';
import { builtinRegistrations } from '@/registry/builtins';
import { loadRegistry } from '@/test/registry/test-plugins';
import { closeDatabases } from './close-databases';
import { getDb } from './get-db';
import { DEMO_AGENT_ID, seedDemo } from './seed-demo';
import { describeEachDatabase } from '@/test/db/databases';

const folders: string[] = [];

async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'tools-admin-seed-'));
  folders.push(folder);
  return folder;
}

afterEach(async () => {
  vi.unstubAllEnvs();
  await closeDatabases();
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

describeEachDatabase('seedDemo', (databases) => {
  it('gives an empty database a demo agent whose tools work with the built-ins', async () => {
    const { db } = await databases.create();
    const dataDir = await tempFolder();

    expect(await seedDemo({ db, dataDir })).toBe(true);

    expect((await listAgents({ actor: TEST_ADMIN, db })).map(({ id, assignmentCount }) => ({ id, assignmentCount }))).toEqual([
      { id: DEMO_AGENT_ID, assignmentCount: 3 },
    ]);
    // The host's default allowed root: the data folder's files/.
    const environment = createToolEnvironment({ env: { FS_ALLOWED_ROOTS: path.join(dataDir, 'files') } });
    const views = await listAssignments({ actor: TEST_ADMIN, db, registry: await loadRegistry(builtinRegistrations(), environment), agentId: DEMO_AGENT_ID });
    const baseDir = path.join(dataDir, 'files', 'demo');
    expect(views.map(({ toolName, status, overrides }) => ({ toolName, status, overrides }))).toEqual([
      { toolName: 'fs_list_dir', status: 'ok', overrides: { baseDir } },
      { toolName: 'fs_read_file', status: 'ok', overrides: { baseDir } },
      { toolName: 'word_count', status: 'ok', overrides: {} },
    ]);
    expect(await readFile(path.join(baseDir, 'welcome.txt'), 'utf8')).toContain('demo agent');
  });

  it('seeds nothing into a database that has been used, even one whose agents were all deleted', async () => {
    const { db } = await databases.create();
    const dataDir = await tempFolder();
    await seedDemo({ db, dataDir });

    expect(await seedDemo({ db, dataDir })).toBe(false);
    await deleteAgent({ db, actor: TEST_ADMIN, id: DEMO_AGENT_ID, expectedVersion: 1 });
    expect(await seedDemo({ db, dataDir })).toBe(false);

    expect(await listAgents({ actor: TEST_ADMIN, db })).toEqual([]);
  });
});

describe('getDb', () => {
  it('creates, migrates and seeds the SQLite file DATABASE_URL names, once per URL', async () => {
    const folder = await tempFolder();
    vi.stubEnv('DATABASE_URL', `sqlite:${path.join(folder, 'nested', 'app.sqlite')}`);

    const [db, again] = await Promise.all([getDb(), getDb()]);

    expect(again).toBe(db);
    expect((await listAgents({ actor: TEST_ADMIN, db })).map((agent) => agent.id)).toEqual([DEMO_AGENT_ID]);
    expect(await readFile(path.join(folder, 'nested', 'files', 'demo', 'welcome.txt'), 'utf8')).toContain('Tools Admin');
  });

  it.each(['0', 'false', 'no', 'off', ' OFF ', 'False'])('leaves a new database empty with SEED_DEMO=%s', async (value) => {
    const folder = await tempFolder();
    vi.stubEnv('DATABASE_URL', `file:${path.join(folder, 'app.sqlite')}`);
    vi.stubEnv('SEED_DEMO', value);

    expect(await listAgents({ actor: TEST_ADMIN, db: await getDb() })).toEqual([]);
  });

  it.each(['1', 'true', 'yes', ''])('seeds a new database with SEED_DEMO=%j', async (value) => {
    vi.stubEnv('DATABASE_URL', `sqlite:${path.join(await tempFolder(), 'app.sqlite')}`);
    vi.stubEnv('SEED_DEMO', value);

    expect((await listAgents({ actor: TEST_ADMIN, db: await getDb() })).map((agent) => agent.id)).toEqual([DEMO_AGENT_ID]);
  });

  it('hands out another database when DATABASE_URL changes', async () => {
    vi.stubEnv('SEED_DEMO', '0');
    vi.stubEnv('DATABASE_URL', `sqlite:${path.join(await tempFolder(), 'one.sqlite')}`);
    const one = await getDb();
    vi.stubEnv('DATABASE_URL', `sqlite:${path.join(await tempFolder(), 'two.sqlite')}`);

    expect(await getDb()).not.toBe(one);
  });
});
