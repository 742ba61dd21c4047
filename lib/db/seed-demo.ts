import 'server-only';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FIRST_START } from '@/lib/auth/actor';
import { AppError } from '@/lib/app-error';
import { createAgent } from '@/lib/agents/create-agent';
import { saveAssignment } from '@/lib/assignments/save-assignment';
import type { Db } from './schema';
import { inTransaction } from './transaction';

/** The demo agent's id. */
export const DEMO_AGENT_ID = 'demo';

/** What `seedDemo` needs. */
export interface SeedDemoOptions {
  db: Db;
  /** The app's data folder; the demo's readable files go into `files/demo/` there, inside the default `FS_ALLOWED_ROOTS`. */
  dataDir: string;
}

/**
 * Gives an empty database (no agents and no audit events, so never one an admin emptied)
 * a demo agent with `word_count` and `fs_read_file` reading a folder of the data directory.
 * Answers whether it seeded.
 */
export async function seedDemo({ db, dataDir }: SeedDemoOptions): Promise<boolean> {
  const baseDir = path.resolve(dataDir, 'files', 'demo');
  const seeded = await inTransaction(db, async (trx) => {
    const agent = await trx.selectFrom('agents').select('id').limit(1).executeTakeFirst();
    const event = await trx.selectFrom('audit_events').select('id').limit(1).executeTakeFirst();
    if (agent || event) return false;
    await createAgent({
      db: trx,
      actor: FIRST_START,
      input: {
        id: DEMO_AGENT_ID,
        name: 'Demo agent',
        description: 'An example agent: counts words, lists and reads the files of the demo folder. Change or delete it freely.',
      },
    });
    for (const [toolName, overrides] of [
      ['word_count', {}],
      ['fs_read_file', { baseDir }],
      ['fs_list_dir', { baseDir }],
    ] as const) {
      // The registry is not booted yet (it reads this database): the demo's tools get their approved
      // face when it boots (approveFirstSeenFaces in lib/registry-host.ts), by the first sight of them.
      await saveAssignment(trx, { actor: FIRST_START, agentId: DEMO_AGENT_ID, toolName, overrides, existing: undefined, approval: { entry: undefined } });
    }
    return true;
  }).catch((error: unknown) => {
    // Another instance starting on the same empty PostgreSQL database seeded it first.
    if (error instanceof AppError && error.code === 'conflict') return false;
    throw error;
  });
  if (seeded) {
    await mkdir(baseDir, { recursive: true });
    await writeFile(
      path.join(baseDir, 'welcome.txt'),
      'Hello from Tools Admin. The demo agent may read the files of this folder with fs_read_file.\n',
      { flag: 'wx' },
    ).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
  return seeded;
}
