import 'server-only';
import { sql } from 'kysely';
import { getDb } from '@/lib/db/get-db';
import { getToolRegistry } from '@/lib/registry-host';

/** How long one check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 3_000;

/** One check's result: ok, or what failed in words that reveal no configuration. */
export interface CheckResult {
  ok: boolean;
  error?: string;
}

/** The server's health: ok when every check is. */
export interface Health {
  ok: boolean;
  checks: { database: CheckResult; registry: CheckResult };
}

/**
 * Checks that the database answers a query and the tool registry is loaded, each within
 * 3 s. Never throws; the messages name what failed, never a host, path or credential.
 */
export async function checkHealth(): Promise<Health> {
  const [database, registry] = await Promise.all([
    check('The database did not answer', async () => {
      await sql`select 1`.execute(await getDb());
    }),
    check('The tool registry is not loaded', async () => {
      await getToolRegistry();
    }),
  ]);
  return { ok: database.ok && registry.ok, checks: { database, registry } };
}

async function check(failure: string, probe: () => Promise<void>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), CHECK_TIMEOUT_MS);
  });
  try {
    const outcome = await Promise.race([probe().then(() => 'ok' as const), timeout]);
    return outcome === 'ok' ? { ok: true } : { ok: false, error: `${failure} within ${CHECK_TIMEOUT_MS / 1000} s.` };
  } catch {
    return { ok: false, error: `${failure}.` };
  } finally {
    clearTimeout(timer);
  }
}
