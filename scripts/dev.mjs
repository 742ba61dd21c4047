// `npm run dev`: the server of scripts/server.mjs in Next's development mode (hot reloading, no
// build), behind the same front door as production, on http://127.0.0.1:3000 (PORT, HOST).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './build-if-stale.mjs';

const env = { ...process.env, NODE_ENV: 'development' };
const server = spawn(process.execPath, [path.join(root, 'scripts', 'server.mjs'), '--dev'], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
