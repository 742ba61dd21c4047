// Starts the production server on http://localhost:3000 (PORT to change it), building
// first when there is no build yet or a source file is newer than the last build.
import { spawn } from 'node:child_process';
import { buildIfStale, nextBin, root } from './build-if-stale.mjs';

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
buildIfStale(env);

const port = process.env.PORT ?? '3000';
const server = spawn(process.execPath, [nextBin, 'start', '-p', port], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
