import 'server-only';
import { AppError } from '@/lib/app-error';

/**
 * The one answer for an agent the caller cannot see: there is none, or a token's agent set
 * leaves it out. Both must read the same, so a token cannot learn which agents exist.
 */
export function agentNotFound(id: string): AppError {
  return new AppError('not_found', `Agent "${id}" was not found`);
}
