import { spawn } from 'node:child_process';

/** What a run of the config CLI printed, and how it ended. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run config -- …` against the server at `url`, with its URL and a token in the environment, on no database of its own. */
export function runConfigCli(url: string, token: string, ...args: string[]): Promise<CliRun> {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/config.ts', ...args], {
    env: { ...process.env, TOOLS_ADMIN_URL: url, TOOLS_ADMIN_TOKEN: token, DATABASE_URL: 'sqlite:/nonexistent/never-opened.sqlite' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
