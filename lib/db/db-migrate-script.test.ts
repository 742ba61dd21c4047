import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { finished } from '@/test/processes/spawn-script';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Runs `npm run db:migrate`'s command with this DATABASE_URL. */
function migrate(databaseUrl: string) {
  return finished(
    spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/db-migrate.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['pipe', 'pipe', 'pipe'],
    }),
  );
}

describe('npm run db:migrate', () => {
  const folders: string[] = [];
  afterAll(async () => {
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it('refuses a DATABASE_URL it does not understand with one line naming the accepted forms, and exit code 1', async () => {
    const { code, stdout, stderr } = await migrate('mysql://x');

    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/DATABASE_URL \(mysql:\) is not understood: use postgres:\/\/.*sqlite:<path> or file:<path>/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('migrates a new SQLite file and says so', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'tools-admin-migrate-'));
    folders.push(folder);

    const { code, stdout } = await migrate(`sqlite:${path.join(folder, 'new.sqlite')}`);

    expect(code).toBe(0);
    expect(stdout).toContain('Database is up to date');
  });
});
