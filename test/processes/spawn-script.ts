import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * Test support: starts one of this folder's scripts in a separate Node.js process, running
 * the app's TypeScript through tsx; `react-server` makes `import 'server-only'` a no-op.
 */
export function spawnScript(script: string, env: Record<string, string>, args: string[] = []): ChildProcessWithoutNullStreams {
  return spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', path.join(import.meta.dirname, script), ...args],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
}

/** Collects a process's output and resolves with it and its exit code when it ends. */
export function finished(child: ChildProcessWithoutNullStreams): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
