import 'server-only';
import { z } from 'zod';
import { ProblemError } from './problem';
import { zodFieldErrors } from './error-response';

/**
 * Validates a request's query string with `schema` (each parameter's last value as a string);
 * a failure answers 400 with one field error per parameter, pointing into the query, e.g. `/limit`.
 */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const result = schema.safeParse(query);
  if (result.success) return result.data;
  throw new ProblemError(400, 'The query string has invalid parameters.', { errors: zodFieldErrors(result.error) });
}
