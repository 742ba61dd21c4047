import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { stdioGuardPath } from './server-connection';
import { childPids, EVERYTHING_BIN, isAlive, waitFor } from '@/test/mcp-servers/processes';

describe('the stdio guard (scripts/mcp-stdio-guard.mjs)', () => {
  it('ends the server when the app that started it is killed with kill -9', async () => {
    // A stand-in for the app: it starts the guard as the app does, with pipes, and then dies hard.
    const app = spawn(process.execPath, ['-e', `
      const { spawn } = require('node:child_process');
      const guard = spawn(process.execPath, [${JSON.stringify(stdioGuardPath())}, process.execPath, ${JSON.stringify(EVERYTHING_BIN)}, 'stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
      guard.stderr.once('data', () => console.log(guard.pid));
      setInterval(() => {}, 1000);
    `], { stdio: ['ignore', 'pipe', 'inherit'] });
    const guardPid = await new Promise<number>((resolve) => app.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
    let serverPid = 0;
    await waitFor('the server to start', () => {
      serverPid = childPids(guardPid)[0] ?? 0;
      return serverPid > 0;
    }, 5000);
    expect(isAlive(serverPid)).toBe(true);
    process.kill(app.pid!, 'SIGKILL');
    await waitFor('the server to end after the app', () => !isAlive(serverPid) && !isAlive(guardPid), 5000);
  });
});
