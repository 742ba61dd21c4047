import 'server-only';
import pino from 'pino';

function defaultLevel(): string {
  if (process.env.LOG_LEVEL) return process.env.LOG_LEVEL;
  return process.env.NODE_ENV === 'test' ? 'silent' : 'info';
}

const holder = globalThis as typeof globalThis & { toolsAdminLogger?: pino.Logger };

/**
 * The server's logger: one JSON object per line on stdout (pino), the same shape as the front
 * door's request lines. `LOG_LEVEL` sets the level (default `info`; silent under tests).
 */
export const logger: pino.Logger = (holder.toolsAdminLogger ??= pino({ base: { service: 'tools-admin' }, level: defaultLevel() }));
