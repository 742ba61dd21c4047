import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-server.mjs');

/**
 * Starts the baseline server in its own process, serving the payload in `file`: re-serialized
 * per request ("stringify", the default), its exact bytes ("bytes") or its bytes labelled gzip
 * ("gzip"); resolves once it listens.
 */
export function startBareServer(file: string, port: number, mode: 'stringify' | 'bytes' | 'gzip' = 'stringify'): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [script, file, String(port), mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare server exited with code ${code}`)));
    child.stdout.once('data', () => resolve({ url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') }));
  });
}
