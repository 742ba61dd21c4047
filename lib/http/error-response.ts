import 'server-only';
import { z } from 'zod';
import { AppError, type AppErrorCode, type FieldError } from '@/lib/app-error';
import { escapePointerToken } from '@/lib/json-pointer';
import { ProblemError, internalErrorResponse, problemResponse, statusTitle } from './problem';
import { etagOf } from './etag';

const statusOf: Record<AppErrorCode, number> = {
  not_found: 404,
  invalid: 400,
  unprocessable: 422,
  conflict: 409,
  precondition_required: 428,
  precondition_failed: 412,
  unauthenticated: 401,
  forbidden: 403,
  too_many_requests: 429,
  too_large: 413,
  timeout: 504,
};

/**
 * Turns anything a handler throws into a problem-details response: `ProblemError` as it is,
 * `AppError` by its code (a 412 carries the current representation and its ETag), a `ZodError`
 * as 400 with one field error per issue; anything else is logged and answered 500. Every
 * answer names `requestId`, when there is one, so an admin can quote it.
 */
export function errorResponse(error: unknown, requestId?: string): Response {
  const id = requestId ? { requestId } : {};
  if (error instanceof ProblemError) return problemResponse({ ...error.problem, ...id }, { headers: error.headers });
  if (error instanceof AppError) return appErrorResponse(error, id);
  if (error instanceof z.ZodError) {
    return problemResponse({
      title: statusTitle(400),
      status: 400,
      detail: 'The request body does not have the expected shape.',
      errors: zodFieldErrors(error),
      ...id,
    });
  }
  return internalErrorResponse(error, requestId);
}

function appErrorResponse(error: AppError, id: { requestId?: string }): Response {
  const status = statusOf[error.code];
  const { errors, current, retryAfterSeconds } = error.details;
  const headers = new Headers();
  if (status === 401) headers.set('www-authenticate', 'Bearer realm="tools-admin"');
  if (retryAfterSeconds !== undefined) headers.set('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  const version = versionOf(current);
  if (status === 412 && version !== undefined) headers.set('etag', etagOf(version));
  return problemResponse(
    {
      title: statusTitle(status),
      status,
      detail: error.message,
      ...(errors && errors.length > 0 ? { errors } : {}),
      ...(status === 412 && current !== undefined ? { current } : {}),
      ...id,
    },
    { headers },
  );
}

function versionOf(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null || !('version' in value)) return undefined;
  return typeof value.version === 'number' ? value.version : undefined;
}

/** One `{ pointer, message }` per zod issue (per key, for unknown keys), the pointer into the validated value. */
export function zodFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((issue) => {
    const pointer = issue.path.map((segment) => `/${escapePointerToken(String(segment))}`).join('');
    if (issue.code !== 'unrecognized_keys') return [{ pointer, message: issue.message }];
    return issue.keys.map((key) => ({ pointer: `${pointer}/${escapePointerToken(key)}`, message: `"${key}" is not a field of this body` }));
  });
}
