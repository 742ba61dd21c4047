import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_FILE_NAME, loadSecretsKey } from './secrets-key';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function folder(): Promise<string> {
  const made = await mkdtemp(path.join(os.tmpdir(), 'secrets-key-'));
  folders.push(made);
  return made;
}

describe('the secret store\'s key', () => {
  it('takes SECRETS_KEY as 64 hex digits or 32 bytes of base64', async () => {
    const key = randomBytes(32);
    const dataDir = await folder();
    expect(loadSecretsKey({ configured: key.toString('hex'), dataDir }).equals(key)).toBe(true);
    expect(loadSecretsKey({ configured: key.toString('base64'), dataDir }).equals(key)).toBe(true);
    expect(loadSecretsKey({ configured: key.toString('base64url'), dataDir }).equals(key)).toBe(true);
  });

  it('refuses a malformed SECRETS_KEY with the rule, never the key', async () => {
    const dataDir = await folder();
    for (const bad of ['hunter2-is-not-a-key', randomBytes(16).toString('hex'), randomBytes(31).toString('base64'), `${randomBytes(32).toString('hex')}00`]) {
      let message = '';
      try {
        loadSecretsKey({ configured: bad, dataDir });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^SECRETS_KEY must be 32 random bytes/);
      expect(message).not.toContain(bad);
    }
  });

  it('without SECRETS_KEY, generates a key once into secrets.key (0600) beside the data, warning with the file\'s name and not the key', async () => {
    const dataDir = await folder();
    const warnings: string[] = [];
    const first = loadSecretsKey({ dataDir, warn: (line) => warnings.push(line) });
    const second = loadSecretsKey({ dataDir, warn: (line) => warnings.push(line) });
    const file = path.join(dataDir, KEY_FILE_NAME);
    expect(second.equals(first)).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(file);
    expect(warnings[0]).not.toContain(first.toString('base64'));
    expect((await readFile(file, 'utf8')).trim()).toBe(first.toString('base64'));
  });
});
