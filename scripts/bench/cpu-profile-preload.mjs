// Preloaded into the app server by `BENCH_PROFILE_DIR=… BENCH_ONLY=server npm run bench`
// (Node 20 refuses --cpu-prof in NODE_OPTIONS, which is how the bench reaches the server):
// samples the process's CPU from start to exit and writes a .cpuprofile into BENCH_PROFILE_DIR,
// for Chrome DevTools or any .cpuprofile reader.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  // An in-process session answers synchronously, so the profile is written before the process ends.
  process.once('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
