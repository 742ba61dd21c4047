import { afterEach, describe, expect, it } from 'vitest';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { waitFor } from '@/test/mcp-servers/processes';
import { openTransport, stdioGuardPath, type OpenedTransport } from './server-connection';
import type { ServerConfig } from './server-config';

const opened: OpenedTransport[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((one) => one.transport.close()));
});

describe('a stdio server\'s environment', () => {
  it('holds the SDK\'s basics and the entry\'s own env, resolved, and nothing else of the app\'s (a real child prints its env)', async () => {
    process.env.ADMIN_PASSWORD = 'leak-admin-password';
    process.env.BETTER_AUTH_SECRET = 'leak-auth-secret';
    process.env.SECRETS_KEY = 'leak-secrets-key';
    process.env.DATABASE_URL = 'postgres://app:leak-db-password@127.0.0.1/app';
    process.env.SOME_APP_SETTING = 'leak-app-setting';
    const config: ServerConfig = {
      name: 'printer', enabled: true, transport: 'stdio', command: process.execPath,
      args: ['-e', 'process.stderr.write(JSON.stringify(process.env) + "\\n"); setInterval(() => {}, 1000)'],
      env: { API_TOKEN: '${secret:PRINTER_TOKEN}', MODE: 'plain' },
    };
    const one = openTransport(config, (reference) => {
      if (reference.kind === 'secret' && reference.name === 'PRINTER_TOKEN') return 'the-printer-token';
      throw new Error(`${reference.text} cannot be resolved`);
    }, stdioGuardPath());
    opened.push(one);
    let printed = '';
    one.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
    await one.transport.start();
    await waitFor('the child\'s environment', () => printed.includes('\n'), 10_000);
    const childEnv = JSON.parse(printed.slice(0, printed.indexOf('\n'))) as Record<string, string>;

    expect(childEnv).toMatchObject({ API_TOKEN: 'the-printer-token', MODE: 'plain' });
    const allowed = new Set([...Object.keys(getDefaultEnvironment()), 'API_TOKEN', 'MODE']);
    expect(Object.keys(childEnv).filter((name) => !allowed.has(name))).toEqual([]);
    expect(printed).not.toContain('leak-');
  });
});
