import type { FieldError } from '@/lib/app-error';

/** A problem-details answer from `/api/v1`, as the browser sees it. */
export class ApiProblem extends Error {
  readonly status: number;
  readonly title: string;
  /** Field errors, each with a JSON Pointer into the request body. */
  readonly errors: FieldError[];
  /** On 412: the resource as it is now. */
  readonly current: unknown;
  /** On 412: the ETag of `current`. */
  readonly etag: string | undefined;

  constructor(status: number, body: Record<string, unknown>, etag: string | undefined) {
    const title = typeof body.title === 'string' ? body.title : `HTTP ${status}`;
    super(typeof body.detail === 'string' ? body.detail : title);
    this.name = 'ApiProblem';
    this.status = status;
    this.title = title;
    this.errors = Array.isArray(body.errors) ? body.errors.filter(isFieldError) : [];
    this.current = body.current;
    this.etag = etag;
  }
}

function isFieldError(value: unknown): value is FieldError {
  if (typeof value !== 'object' || value === null) return false;
  const { pointer, message } = value as Record<string, unknown>;
  return typeof pointer === 'string' && typeof message === 'string';
}

/** Whether an error is a problem answer with this status. */
export function isProblem(error: unknown, status?: number): error is ApiProblem {
  return error instanceof ApiProblem && (status === undefined || error.status === status);
}
