// Starts the production server on http://127.0.0.1:3000 (PORT to change the port, HOST the
// address it listens on), building first when there is no build yet or a source file is
// newer than the last build.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };
buildIfStale(env);

const server = spawn(process.execPath, [path.join(root, 'scripts', 'server.mjs')], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
