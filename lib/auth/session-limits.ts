/** How long a session lives: idle minutes since its last request, absolute hours since sign-in. */
export interface SessionLimits {
  idleSeconds: number;
  absoluteSeconds: number;
}

/** From SESSION_IDLE_MINUTES (default 30) and SESSION_MAX_HOURS (default 12). */
export function sessionLimits(env: NodeJS.ProcessEnv = process.env): SessionLimits {
  return {
    idleSeconds: Math.round(positive(env.SESSION_IDLE_MINUTES, 30) * 60),
    absoluteSeconds: Math.round(positive(env.SESSION_MAX_HOURS, 12) * 3600),
  };
}

function positive(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return raw !== undefined && raw.trim() !== '' && Number.isFinite(value) && value > 0 ? value : fallback;
}
