import 'server-only';

type Env = Readonly<Record<string, string | undefined>>;

/** The time limits and sizes of one tool call, from the environment. */
export interface RuntimeLimits {
  timeoutMs: number;
  maxOutputBytes: number;
}

/** 30 s unless `TOOL_CALL_TIMEOUT_MS` says otherwise; output up to 1 MiB. */
export function runtimeLimits(env: Env = process.env): RuntimeLimits {
  return {
    timeoutMs: positive(env.TOOL_CALL_TIMEOUT_MS) ?? 30_000,
    maxOutputBytes: 1024 * 1024,
  };
}

/**
 * How long an upstream MCP server may take to answer `tools/call`: `MCP_TOOL_CALL_TIMEOUT_MS`,
 * by default (and at most) five sixths of the call limit (25 s of 30 s). It must end before the
 * call limit does, so a hung upstream tool is reported as the upstream's timeout (504), not cut
 * off as a generic call past its limit.
 */
export function mcpCallTimeoutMs(env: Env = process.env): number {
  const most = Math.max(1, Math.floor((runtimeLimits(env).timeoutMs * 5) / 6));
  return Math.min(positive(env.MCP_TOOL_CALL_TIMEOUT_MS) ?? most, most);
}

/** Tool calls allowed per caller and per agent in one minute: `RUNTIME_RATE_PER_MINUTE`, 600 by default; 0 turns the limit off. */
export function callRatePerMinute(env: Env = process.env): number {
  const configured = env.RUNTIME_RATE_PER_MINUTE?.trim();
  if (configured === '0') return 0;
  const value = positive(configured);
  return value === undefined ? 600 : Math.max(1, Math.floor(value));
}

function positive(text: string | undefined): number | undefined {
  const value = Number(text);
  return text !== undefined && text.trim() !== '' && Number.isFinite(value) && value > 0 ? value : undefined;
}
