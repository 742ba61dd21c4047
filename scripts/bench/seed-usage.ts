// Seeds the usage rollups of a migrated database (DATABASE_URL) with USAGE_CALLS calls spread
// evenly over the last 30 days, 10 agents × 20 tools, through the app's own buffer and flush
// (lib/usage/record-usage.ts), as the runtime records them. Run by scripts/bench/usage.ts:
// node --conditions=react-server --import tsx scripts/bench/seed-usage.ts
import { migrateToLatest } from '../../lib/db/migrate-to-latest';
import { openDatabase } from '../../lib/db/open-database';
import { flushUsage, recordUsage } from '../../lib/usage/record-usage';
import type { ToolCallOutcome } from '../../lib/usage/usage-outcome';

const OUTCOMES: ToolCallOutcome[] = ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'invalid_arguments', 'tool_error', 'timeout'];

async function main(): Promise<void> {
  const calls = Number(process.env.USAGE_CALLS ?? 1_000_000);
  const db = await openDatabase({ url: process.env.DATABASE_URL, migrate: false });
  await migrateToLatest(db);
  const now = Date.now();
  const span = 30 * 86_400_000;
  for (let index = 0; index < calls; index++) {
    recordUsage(db, {
      agentId: `agent-${index % 10}`,
      toolName: `tool_${Math.floor(index / 10) % 20}`,
      outcome: OUTCOMES[index % OUTCOMES.length]!,
      durationMs: (index * 7919) % 1500,
      resultBytes: (index * 31) % 4000,
      at: new Date(now - span + Math.floor((index / calls) * span)),
    });
    // Let the flushes the buffer starts on its own run between batches.
    if (index % 50_000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  await flushUsage();
  const rows = await db.selectFrom('usage_rollups').select((eb) => eb.fn.countAll<number>().as('rows')).executeTakeFirstOrThrow();
  console.log(JSON.stringify({ calls, rows: Number(rows.rows) }));
  await db.destroy();
}

await main();
