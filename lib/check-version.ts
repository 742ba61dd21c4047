import 'server-only';
import { AppError } from '@/lib/app-error';

/**
 * Refuses a change to an existing resource unless the caller names the version it read and
 * that version is still current: `precondition_required` without one, `precondition_failed`
 * with the current state when stale. Nothing is overwritten silently.
 */
export function checkVersion(
  subject: string,
  currentVersion: number,
  expectedVersion: number | undefined,
  current: () => unknown,
): void {
  if (expectedVersion === undefined) {
    throw new AppError(
      'precondition_required',
      `${subject} exists: send the version you last read (${currentVersion} now) to change it`,
    );
  }
  if (expectedVersion !== currentVersion) {
    throw new AppError(
      'precondition_failed',
      `${subject} has changed since version ${expectedVersion}: it is at version ${currentVersion} now`,
      { current: current() },
    );
  }
}
