// Preloaded into the app server by `BENCH_PROFILE_DIR=… BENCH_ONLY=server npm run bench`
// (Node 20 refuses --cpu-prof in NODE_OPTIONS, which is how the bench reaches the server):
// samples the process's CPU from start to exit and writes a .cpuprofile into BENCH_PROFILE_DIR,
// for Chrome DevTools or any .cpuprofile reader. Beside it, `stalls-<pid>.json`: each time the event
// loop was held more than 50 ms, when it ended and for how long (microseconds on the profile's
// clock), to find in the profile what held it.
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
  /** @type {{ endUs: number; heldUs: number }[]} */
  const stalls = [];
  const TICK_MS = 10;
  let last = process.hrtime.bigint();
  setInterval(() => {
    const now = process.hrtime.bigint();
    const heldUs = Number(now - last) / 1000 - TICK_MS * 1000;
    if (heldUs > 50_000) stalls.push({ endUs: Number(now / 1000n), heldUs: Math.round(heldUs) });
    last = now;
  }, TICK_MS).unref();
  // An in-process session answers synchronously, so the profile is written before the process ends.
  process.once('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
      writeFileSync(path.join(dir, `stalls-${process.pid}.json`), JSON.stringify(stalls));
    });
  });
}
