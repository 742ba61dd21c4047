import 'server-only';
import { beforeDatabasesClose } from '@/lib/db/database-cache';
import { isClosedDatabaseError } from '@/lib/db/closed-database';
import type { Db } from '@/lib/db/schema';
import { runtimeSessionIdleMs, sweepRuntimeSessions } from './runtime-sessions';

/** The sweep runs this often at most (and at least four times per idle period). */
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Sweeps expired tool-call sessions of `db` periodically, in this process; every instance on a
 * database runs its own (the sweep is safe to run twice at once). Stops before the database
 * closes. Answers the stop function.
 */
export function startSessionSweep(db: Db): () => void {
  const everyMs = Math.min(SWEEP_EVERY_MS, Math.max(15_000, runtimeSessionIdleMs() / 4));
  const sweep = () => {
    sweepRuntimeSessions(db).catch((error: unknown) => {
      if (!isClosedDatabaseError(error)) console.error('Sweeping expired runtime sessions failed', error);
    });
  };
  const timer = setInterval(sweep, everyMs);
  // The sweep never keeps the process alive on its own.
  timer.unref();
  const stop = async () => {
    clearInterval(timer);
    beforeDatabasesClose().delete(stop);
  };
  beforeDatabasesClose().add(stop);
  return () => void stop();
}
