import 'server-only';
import type { z } from 'zod';

/** The HTTP methods a route file may export. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One successful answer of an operation. */
export interface SuccessSpec {
  description: string;
  schema?: z.ZodType;
  /** Carries the resource's ETag. */
  hasEtag?: boolean;
  /** Carries the created resource's Location. */
  hasLocation?: boolean;
  /** Other media types the operation may answer with instead of JSON, with a schema of what each holds. */
  otherContent?: Record<string, { schema: Record<string, unknown> }>;
}

/** The problem statuses an operation may answer besides 500, with what each means for it where the general meaning is not exact. */
type ProblemDescriptions = Partial<Record<number, string>>;

/** One operation of the REST API: what it takes and what it answers, from the schemas that validate. */
export interface ApiOperation {
  method: HttpMethod;
  /** The OpenAPI path, parameters in braces: `/api/v1/agents/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  tag: 'catalogue' | 'agents' | 'assignments' | 'rules' | 'workflows' | 'runtime' | 'audit' | 'meta' | 'users' | 'tokens' | 'sessions' | 'servers' | 'secrets' | 'config' | 'policy' | 'approvals' | 'usage' | 'oauth';
  query?: z.ZodObject;
  body?: z.ZodType;
  /** How the body is sent when not JSON (OAuth's token endpoint takes a form). */
  bodyMediaType?: 'application/x-www-form-urlencoded';
  /** Answered without a session or token (OAuth's registration and token endpoints). */
  isPublic?: boolean;
  /** `required`: every call needs If-Match; `when-exists`: needed to replace an existing resource. */
  ifMatch?: 'required' | 'when-exists';
  success: Record<number, SuccessSpec>;
  /** The problem statuses besides 500, which every operation may answer. */
  problems: number[];
  /** What a problem status means for this operation, where the general meaning is not exact. */
  problemDescriptions?: ProblemDescriptions;
}

/** The problems of every operation that reads a JSON body. */
export const BODY_PROBLEMS = [400, 413, 415];

/** What a 400 means for an operation whose only input is its query. */
export const INVALID_QUERY = 'The query has invalid parameters (field errors in `errors`, pointers name the parameter, e.g. `/search`)';

/** What a 412 means when `current` holds the resource as it is now. */
export function staleVersion(noun: string): string {
  return `If-Match names an older version; \`current\` holds the current ${noun}, the ETag header its version`;
}

/** A resource of which the API reads, changes and deletes one at a time: what those operations share. */
export interface ApiResource {
  tag: ApiOperation['tag'];
  /** The OpenAPI path of one, e.g. `/api/v1/agents/{id}`. */
  path: string;
  /** How answers name it: `The agent`, `The changed agent`, `` `current` holds the current agent ``. */
  noun: string;
  /** Its representation, with its ETag. */
  schema: z.ZodType;
  /** What a 404 means on its path. */
  notFound: string;
}

/** What every operation declares for itself. */
interface OperationText {
  operationId: string;
  summary: string;
  /** What a problem status means here, over the resource's own descriptions. */
  problemDescriptions?: ProblemDescriptions;
}

/** `GET` one resource: 200 with its ETag, 404. */
export function readOne(resource: ApiResource, { operationId, summary, problemDescriptions }: OperationText): ApiOperation {
  return {
    method: 'GET', path: resource.path, operationId, tag: resource.tag, summary,
    success: { 200: { description: `The ${resource.noun}`, schema: resource.schema, hasEtag: true } },
    problems: [404],
    problemDescriptions: { 404: resource.notFound, ...problemDescriptions },
  };
}

/** `POST` to the collection at `path`: 201 with the new resource, its ETag and Location; `problems` besides the body's. */
export function createOne(
  resource: ApiResource,
  { path, body, problems, description = `The new ${resource.noun}`, operationId, summary, problemDescriptions }: OperationText & { path: string; body: z.ZodType; problems: number[]; description?: string },
): ApiOperation {
  return {
    method: 'POST', path, operationId, tag: resource.tag, summary, body,
    success: { 201: { description, schema: resource.schema, hasEtag: true, hasLocation: true } },
    problems: [...BODY_PROBLEMS, ...problems],
    problemDescriptions,
  };
}

/** `PUT` or `PATCH` of one resource with If-Match: 200 with the changed one; 404, 412 (stale), 428. `invalid` says what a 400 means. */
export function changeOne(
  resource: ApiResource,
  { method, body, invalid, operationId, summary, problemDescriptions }: OperationText & { method: 'PUT' | 'PATCH'; body: z.ZodType; invalid: string },
): ApiOperation {
  return {
    method, path: resource.path, operationId, tag: resource.tag, summary, body, ifMatch: 'required',
    success: { 200: { description: `The changed ${resource.noun}`, schema: resource.schema, hasEtag: true } },
    problems: [...BODY_PROBLEMS, 404, 412, 428],
    problemDescriptions: { 400: invalid, 404: resource.notFound, 412: staleVersion(resource.noun), ...problemDescriptions },
  };
}

/** `DELETE` of one resource with If-Match: `success` as given; 400 (If-Match malformed), 404, 412 (stale), 428. */
export function deleteOne(resource: ApiResource, { success, operationId, summary, problemDescriptions }: OperationText & { success: Record<number, SuccessSpec> }): ApiOperation {
  return {
    method: 'DELETE', path: resource.path, operationId, tag: resource.tag, summary, ifMatch: 'required', success,
    problems: [400, 404, 412, 428],
    problemDescriptions: { 400: 'If-Match is malformed', 404: resource.notFound, 412: staleVersion(resource.noun), ...problemDescriptions },
  };
}

/** A `GET` that answers one JSON body (a list, the caller, a document): 200; with a query, 400 for a bad one. */
export function readJson({
  path, tag, query, description, schema, operationId, summary,
}: Omit<OperationText, 'problemDescriptions'> & { path: string; tag: ApiOperation['tag']; query?: z.ZodObject; description: string; schema: z.ZodType }): ApiOperation {
  return {
    method: 'GET', path, operationId, tag, summary,
    ...(query ? { query } : {}),
    success: { 200: { description, schema } },
    problems: query ? [400] : [],
    ...(query ? { problemDescriptions: { 400: INVALID_QUERY } } : {}),
  };
}
