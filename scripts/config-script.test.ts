import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAgent, updateAgent } from '@/lib/agents';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { openDatabase } from '@/lib/db/open-database';
import { finished } from '@/test/processes/spawn-script';

const root = path.resolve(import.meta.dirname, '..');

/** Runs `npm run config -- …` on this database directly, with `env` added to the environment. */
function configWith(env: Record<string, string>, databaseUrl: string, ...args: string[]) {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/config.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, TOOLS_ADMIN_URL: '', TOOLS_ADMIN_TOKEN: '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end();
  return finished(child);
}

/** Runs `npm run config -- …` on this database directly. */
function config(databaseUrl: string, ...args: string[]) {
  return configWith({}, databaseUrl, ...args);
}

/** Runs `npm run [-s] config -- …` as the README shows it, on this database directly. */
function npmRunConfig(databaseUrl: string, npmFlags: string[], ...args: string[]) {
  const child = spawn('npm', ['run', ...npmFlags, 'config', '--', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, TOOLS_ADMIN_URL: '', TOOLS_ADMIN_TOKEN: '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end();
  return finished(child);
}

describe('npm run config', () => {
  const folders: string[] = [];
  afterAll(async () => {
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it('exports, plans and applies on the database directly; deletes only with --prune; prints errors with lines', { timeout: 240_000 }, async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'tools-admin-config-'));
    folders.push(folder);
    const url = `sqlite:${path.join(folder, 'config.sqlite')}`;
    const db = await openDatabase({ url });
    try {
      await createAgent({ db, actor: TEST_ADMIN, input: { id: 'stays', name: 'Stays' } });
      await createAgent({ db, actor: TEST_ADMIN, input: { id: 'extra', name: 'Extra' } });
    } finally {
      await db.destroy();
    }
    const exported = await config(url, 'export');
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('- id: stays\n');
    const file = path.join(folder, 'agents.yaml');
    await writeFile(file, 'apiVersion: tools-admin/v1\nagents:\n  - id: stays\n    name: Stays and renamed\n');

    const planned = await config(url, 'plan', file);
    const applied = await config(url, 'apply', file);
    const pruned = await config(url, 'apply', file, '--prune');
    await writeFile(file, 'apiVersion: tools-admin/v1\nagents:\n  - id: stays\n');
    const invalid = await config(url, 'plan', file);
    const more = path.join(folder, 'more.yaml');
    await writeFile(
      more,
      [
        'apiVersion: tools-admin/v1',
        'agents:',
        '  - id: stays',
        '    name: Stays and renamed',
        '    tools:',
        '      later_anything: {}',
        '    rules:',
        '      - group: fs',
        'servers:',
        '  - name: later',
        '    enabled: false',
        '    transport: http',
        '    url: https://mcp.example.test/mcp',
        'workflows:',
        '  - name: tally',
        '    steps:',
        '      - id: count',
        '        tool: word_count',
        '        arguments:',
        '          text: counted',
        '',
      ].join('\n'),
    );
    const unchecked = await config(url, 'plan', more);

    expect(planned).toMatchObject({ code: 0, stdout: expect.stringContaining('~ update agents/stays\n    name: "Stays" → "Stays and renamed"\nPlan: 0 to create, 1 to update, 0 to delete.') });
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('Applied 1 change.');
    expect(pruned.stdout).toContain('- delete agents/extra');
    expect(invalid).toMatchObject({ code: 1, stderr: expect.stringContaining(`${file}:3:5: "name" is required (/agents/0)`) });
    expect(unchecked.code, unchecked.stderr).toBe(0);
    expect(unchecked.stdout).toContain('+ create agents/stays/rules/fs\n');
    expect(unchecked.stdout).toContain('+ create workflows/tally\n    steps.count: {"tool":"word_count","arguments":{"text":"counted"}}\n');
    expect(unchecked.stdout).toContain('! not checked: agents/stays/tools/later_anything (line 6): "later_anything" and its settings are not checked: the MCP server "later" is disabled');
    expect(unchecked.stdout).toContain('Plan: 4 to create, 0 to update, 0 to delete.');
    const after = await openDatabase({ url });
    try {
      expect(await after.selectFrom('agents').select(['id', 'name']).execute()).toEqual([{ id: 'stays', name: 'Stays and renamed' }]);
      const actors = await after.selectFrom('audit_events').select(['actor', 'action']).where('actor', '=', 'config import').orderBy('id').execute();
      expect(actors).toEqual([{ actor: 'config import', action: 'agent.update' }, { actor: 'config import', action: 'agent.delete' }]);
    } finally {
      await after.destroy();
    }
  });

  it('refuses a file over CONFIG_MAX_BYTES before reading it, and one nested too deep with its line', { timeout: 120_000 }, async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'tools-admin-config-limits-'));
    folders.push(folder);
    const url = `sqlite:${path.join(folder, 'config.sqlite')}`;
    const big = path.join(folder, 'big.yaml');
    const bigText = `apiVersion: tools-admin/v1\nagents: []\n#${'x'.repeat(100)}\n`;
    await writeFile(big, bigText);
    const deep = path.join(folder, 'deep.yaml');
    await writeFile(deep, `apiVersion: tools-admin/v1\nagents: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`);

    const tooBig = await configWith({ CONFIG_MAX_BYTES: '64' }, url, 'plan', big);
    const tooDeep = await config(url, 'plan', deep);

    expect(tooBig).toMatchObject({ code: 1, stderr: `${big} is ${Buffer.byteLength(bigText)} bytes; a configuration file may have at most 64 (CONFIG_MAX_BYTES).\n` });
    expect(tooDeep).toMatchObject({ code: 1, stderr: expect.stringContaining(`${deep}:2:`) });
    expect(tooDeep.stderr).toContain('The file nests values deeper than 64 levels here');
  });

  it('writes an export with --out, and npm run -s prints the file alone, as the README shows', { timeout: 240_000 }, async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'tools-admin-config-out-'));
    folders.push(folder);
    const url = `sqlite:${path.join(folder, 'config.sqlite')}`;
    const db = await openDatabase({ url });
    try {
      await createAgent({ db, actor: TEST_ADMIN, input: { id: 'exported', name: 'Exported' } });
    } finally {
      await db.destroy();
    }
    const file = path.join(folder, 'tools-admin.yaml');

    const written = await npmRunConfig(url, [], 'export', '--out', file);
    const silent = await npmRunConfig(url, ['-s'], 'export');
    const misused = await config(url, 'plan', file, '--out', path.join(folder, 'other.yaml'));
    const nowhere = await config(url, 'export', '--out', path.join(folder, 'missing', 'f.yaml'));

    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toContain(`Wrote ${file}.`);
    const text = await readFile(file, 'utf8');
    expect(text).toMatch(/^# yaml-language-server: \$schema=\S+\/api\/v1\/config\/schema\.json\n/);
    expect(text).toContain('- id: exported\n');
    expect(silent.code, silent.stderr).toBe(0);
    expect(silent.stdout).toBe(text);
    expect(misused.code).toBe(2);
    expect(misused.stderr).toContain('Usage:');
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toContain('ENOENT');
  });

  it('exports the fleet as it was at a time with --at, and refuses --at that is no time or goes with plan', { timeout: 120_000 }, async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'tools-admin-config-at-'));
    folders.push(folder);
    const url = `sqlite:${path.join(folder, 'config.sqlite')}`;
    const db = await openDatabase({ url });
    let then: string;
    try {
      await createAgent({ db, actor: TEST_ADMIN, input: { id: 'renamed', name: 'Before' } });
      await new Promise((resolve) => setTimeout(resolve, 20));
      then = new Date().toISOString();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await updateAgent({ db, actor: TEST_ADMIN, id: 'renamed', expectedVersion: 1, changes: { name: 'After' } });
    } finally {
      await db.destroy();
    }

    const past = await config(url, 'export', '--at', then);
    const now = await config(url, 'export');
    const notATime = await config(url, 'export', '--at', 'last week');
    const withPlan = await config(url, 'plan', path.join(folder, 'f.yaml'), '--at', then);

    expect(past.code, past.stderr).toBe(0);
    expect(past.stdout).toContain('name: Before\n');
    expect(now.stdout).toContain('name: After\n');
    expect(notATime.code).toBe(2);
    expect(notATime.stderr).toContain('Usage:');
    expect(withPlan.code).toBe(2);
  });
});
