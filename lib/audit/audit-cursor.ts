import 'server-only';
import { AppError } from '@/lib/app-error';

/** The cursor of the page that starts below event `id`. */
export function encodeAuditCursor(id: number): string {
  return Buffer.from(JSON.stringify({ before: id })).toString('base64url');
}

/** The event id a cursor starts below; `invalid` for a cursor this server did not give out. */
export function decodeAuditCursor(cursor: string): number {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const before = typeof value === 'object' && value !== null ? (value as { before?: unknown }).before : undefined;
    if (typeof before === 'number' && Number.isSafeInteger(before) && before > 0) return before;
  } catch {
    // Not JSON: reported below like any other cursor this server did not give out.
  }
  throw new AppError('invalid', 'The cursor is not one this server gave out; start again from the newest page', {
    errors: [{ pointer: '/cursor', message: 'Not a cursor this server gave out; start again from the newest page.' }],
  });
}
