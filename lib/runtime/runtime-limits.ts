import 'server-only';

/** The time limits and sizes of one tool call, from the environment. */
export interface RuntimeLimits {
  timeoutMs: number;
  maxOutputBytes: number;
}

/** 30 s unless `TOOL_CALL_TIMEOUT_MS` says otherwise; output up to 1 MiB. */
export function runtimeLimits(env: Readonly<Record<string, string | undefined>> = process.env): RuntimeLimits {
  const configured = Number(env.TOOL_CALL_TIMEOUT_MS);
  return {
    timeoutMs: Number.isFinite(configured) && configured > 0 ? configured : 30_000,
    maxOutputBytes: 1024 * 1024,
  };
}
