import 'server-only';
import type { Db } from '@/lib/db/schema';
import { HISTOGRAM_COLUMNS } from './latency-buckets';
import type { ErrorKind } from './usage-outcome';

/** One rollup row as it waits in memory. */
export interface Rollup {
  resolution: 'minute' | 'hour' | 'day';
  bucketStart: string;
  agentId: string;
  toolName: string;
  server: string;
  calls: number;
  ok: number;
  errors: Record<ErrorKind, number>;
  durationMsSum: number;
  durationMsMax: number;
  resultBytesSum: number;
  histogram: number[];
}

/** 32 values a row; SQLite takes at most 32,766 bound values in one statement. */
const ROWS_PER_INSERT = 500;
const SUMMED = ['calls', 'ok', 'bad_arguments', 'tool_errors', 'timeouts', 'unavailable', 'denied', 'duration_ms_sum', 'result_bytes_sum', ...HISTOGRAM_COLUMNS] as const;

/** Adds `rows` to the stored rollups: a new row where none is, else every count summed and the slowest kept. */
export async function writeRollups(db: Db, rows: Rollup[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const values = rows.slice(start, start + ROWS_PER_INSERT).map((row) => ({
      resolution: row.resolution,
      bucket_start: row.bucketStart,
      agent_id: row.agentId,
      tool_name: row.toolName,
      server: row.server,
      calls: row.calls,
      ok: row.ok,
      bad_arguments: row.errors.badArguments,
      tool_errors: row.errors.toolError,
      timeouts: row.errors.timeout,
      unavailable: row.errors.unavailable,
      denied: row.errors.denied,
      duration_ms_sum: row.durationMsSum,
      duration_ms_max: row.durationMsMax,
      result_bytes_sum: row.resultBytesSum,
      ...Object.fromEntries(HISTOGRAM_COLUMNS.map((column, index) => [column, row.histogram[index] ?? 0])),
    }));
    await db
      .insertInto('usage_rollups')
      .values(values)
      .onConflict((conflict) =>
        conflict.columns(['resolution', 'agent_id', 'tool_name', 'server', 'bucket_start']).doUpdateSet((eb) => ({
          ...Object.fromEntries(SUMMED.map((column) => [column, eb(`usage_rollups.${column}`, '+', eb.ref(`excluded.${column}`))])),
          duration_ms_max: eb
            .case()
            .when('excluded.duration_ms_max', '>', eb.ref('usage_rollups.duration_ms_max'))
            .then(eb.ref('excluded.duration_ms_max'))
            .else(eb.ref('usage_rollups.duration_ms_max'))
            .end(),
        })),
      )
      .execute();
  }
}
