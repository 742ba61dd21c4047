import 'server-only';
import { AppError } from '@/lib/app-error';

/** Where a page of the log starts: below this event in the log's (at, id) order. */
export interface AuditPosition {
  at: string;
  id: number;
}

/** The cursor of the page that starts below `position`. */
export function encodeAuditCursor(position: AuditPosition): string {
  return Buffer.from(JSON.stringify({ at: position.at, before: position.id })).toString('base64url');
}

/** The position a cursor starts below; `invalid` for a cursor this server did not give out. */
export function decodeAuditCursor(cursor: string): AuditPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null) {
      const { at, before } = value as { at?: unknown; before?: unknown };
      if (typeof before === 'number' && Number.isSafeInteger(before) && before > 0 && typeof at === 'string' && !Number.isNaN(Date.parse(at))) {
        return { at, id: before };
      }
    }
  } catch {
    // Not JSON: reported below like any other cursor this server did not give out.
  }
  throw new AppError('invalid', 'The cursor is not one this server gave out; start again from the newest page', {
    errors: [{ pointer: '/cursor', message: 'Not a cursor this server gave out; start again from the newest page.' }],
  });
}
