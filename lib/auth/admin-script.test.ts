import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/open-database';
import { finished } from '@/test/processes/spawn-script';
import { createAgent } from '@/lib/agents';
import { FIRST_START } from './actor';
import { hashSecret } from './token-secret';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Runs `npm run admin -- …`'s command on this database, its stdin not a terminal. */
function admin(databaseUrl: string, ...args: string[]) {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/admin.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin?.end();
  return finished(child);
}

describe('npm run admin', () => {
  const folders: string[] = [];
  afterAll(async () => {
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it('creates a user with a generated password and a token printed once, on the database directly, audited as the command line', { timeout: 180_000 }, async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'tools-admin-cli-'));
    folders.push(folder);
    const url = `sqlite:${path.join(folder, 'cli.sqlite')}`;

    const user = await admin(url, 'create-user', 'Ops@Example.com', '--role', 'admin');
    const token = await admin(url, 'create-token', 'runtime', '--scopes', 'runtime,agents:read', '--all-agents');
    const badScope = await admin(url, 'create-token', 'x', '--scopes', 'everything', '--all-agents');
    const noAgents = await admin(url, 'create-token', 'x', '--scopes', 'runtime');
    const bothAgents = await admin(url, 'create-token', 'x', '--scopes', 'runtime', '--agents', 'hr', '--all-agents');
    const unknownAgent = await admin(url, 'create-token', 'x', '--scopes', 'runtime', '--agents', 'nobody');

    expect(user.code, user.stderr).toBe(0);
    expect(user.stdout).toMatch(/Created ops@example\.com as admin\.\nPassword \(shown once\): \S{24}/);
    expect(token.code, token.stderr).toBe(0);
    const secret = /^(tat_\S+)$/m.exec(token.stdout)?.[1] ?? '';
    expect(badScope).toMatchObject({ code: 1, stderr: expect.stringContaining('Unknown scope "everything"') });
    expect(token.stdout).toContain('Created token "runtime" (runtime, agents:read; all agents).');
    expect(noAgents).toMatchObject({ code: 2, stderr: expect.stringContaining('create-token needs exactly one of --agents') });
    expect(bothAgents).toMatchObject({ code: 2, stderr: expect.stringContaining('create-token needs exactly one of --agents') });
    expect(unknownAgent).toMatchObject({ code: 1, stderr: expect.stringContaining('There is no agent "nobody"') });
    const db = await openDatabase({ url });
    try {
      expect(await db.selectFrom('auth_user').select(['email', 'role']).execute()).toEqual([{ email: 'ops@example.com', role: 'admin' }]);
      const stored = await db.selectFrom('api_tokens').select(['name', 'secret_hash', 'created_by', 'agents']).execute();
      expect(stored).toEqual([{ name: 'runtime', secret_hash: hashSecret(secret), created_by: 'system:cli', agents: 'all' }]);
      const events = await db.selectFrom('audit_events').select(['actor', 'action']).orderBy('id').execute();
      expect(events).toEqual([{ actor: 'system:cli', action: 'user.create' }, { actor: 'system:cli', action: 'token.create' }]);
    } finally {
      await db.destroy();
    }
  });

  it('makes a token limited to named agents', { timeout: 180_000 }, async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'tools-admin-cli-'));
    folders.push(folder);
    const url = `sqlite:${path.join(folder, 'cli.sqlite')}`;
    const db = await openDatabase({ url });
    try {
      for (const id of ['hr', 'sales']) await createAgent({ db, actor: FIRST_START, input: { id, name: id } });
    } finally {
      await db.destroy();
    }

    const token = await admin(url, 'create-token', 'hr runtime', '--scopes', 'runtime', '--agents', 'hr, sales');

    expect(token.code, token.stderr).toBe(0);
    expect(token.stdout).toContain('Created token "hr runtime" (runtime; agents hr, sales).');
    const reopened = await openDatabase({ url });
    try {
      expect(await reopened.selectFrom('api_tokens').select(['name', 'agents']).execute()).toEqual([{ name: 'hr runtime', agents: '["hr","sales"]' }]);
    } finally {
      await reopened.destroy();
    }
  });

  it('makes a break-glass admin, and refuses break-glass for anyone but an admin', { timeout: 180_000 }, async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'tools-admin-cli-'));
    folders.push(folder);
    const url = `sqlite:${path.join(folder, 'cli.sqlite')}`;

    const glass = await admin(url, 'create-user', 'root@example.com', '--role', 'admin', '--break-glass');
    const editorGlass = await admin(url, 'create-user', 'ed@example.com', '--role', 'editor', '--break-glass');
    const editor = await admin(url, 'create-user', 'ed@example.com', '--role', 'editor');
    const promote = await admin(url, 'break-glass', 'ed@example.com', 'on');

    expect(glass.code, glass.stderr).toBe(0);
    expect(glass.stdout).toContain('Created root@example.com as admin (break-glass');
    expect(editorGlass).toMatchObject({ code: 2, stderr: expect.stringContaining('--break-glass is for admins') });
    expect(editor.code, editor.stderr).toBe(0);
    expect(promote).toMatchObject({ code: 1, stderr: expect.stringContaining('ed@example.com is editor; only an admin can be break-glass') });
    const db = await openDatabase({ url });
    try {
      expect(await db.selectFrom('auth_user').select(['email', 'breakGlass']).orderBy('email').execute()).toEqual([
        { email: 'ed@example.com', breakGlass: 0 },
        { email: 'root@example.com', breakGlass: 1 },
      ]);
      const events = await db.selectFrom('audit_events').select(['actor', 'action', 'target']).orderBy('id').execute();
      expect(events).toEqual([
        { actor: 'system:cli', action: 'user.create', target: 'users/root@example.com' },
        { actor: 'system:cli', action: 'user.update', target: 'users/root@example.com' },
        { actor: 'system:cli', action: 'user.create', target: 'users/ed@example.com' },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
