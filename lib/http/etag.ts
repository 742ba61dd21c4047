import 'server-only';
import { AppError } from '@/lib/app-error';

/** The strong ETag of a resource at `version`: `"<version>"`. */
export function etagOf(version: number): string {
  return `"${version}"`;
}

/** One entity tag from a conditional header. */
export interface EntityTag {
  isWeak: boolean;
  opaque: string;
}

/** A parsed `If-Match`: `*` (any current representation) or a list of entity tags. */
export type IfMatch = { kind: 'any' } | { kind: 'tags'; tags: EntityTag[] };

const entityTagPattern = /\s*(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"\s*(?:,|$)/y;

/** Parses an `If-Match` header (RFC 9110 §13.1.1); undefined when absent, 400 when malformed. */
export function parseIfMatch(header: string | null): IfMatch | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (header.trim() === '*') return { kind: 'any' };
  const tags: EntityTag[] = [];
  entityTagPattern.lastIndex = 0;
  while (entityTagPattern.lastIndex < header.length) {
    const match = entityTagPattern.exec(header);
    if (!match) throw new AppError('invalid', `The If-Match header is malformed: ${header}`);
    tags.push({ isWeak: match[1] !== undefined, opaque: match[2] ?? '' });
  }
  return { kind: 'tags', tags };
}

/**
 * Whether `If-Match` admits the resource at `version`. If-Match uses the strong comparison, so a
 * weak tag (`W/"3"`) never matches; `*` matches any existing resource.
 */
export function ifMatchAdmits(ifMatch: IfMatch, version: number): boolean {
  if (ifMatch.kind === 'any') return true;
  const current = String(version);
  return ifMatch.tags.some((tag) => !tag.isWeak && tag.opaque === current);
}

/**
 * The version a change to `current` may expect: throws `precondition_required` (428) when the
 * request has no `If-Match`, `precondition_failed` (412, with `current`) when it names another
 * version. The write itself must still compare versions, since `current` may change meanwhile.
 */
export function requireIfMatch<T extends { version: number }>(request: Request, current: T, what: string): number {
  const ifMatch = parseIfMatch(request.headers.get('if-match'));
  if (!ifMatch) {
    throw new AppError('precondition_required', `Changing ${what} needs an If-Match header with its ETag (${etagOf(current.version)}).`);
  }
  if (!ifMatchAdmits(ifMatch, current.version)) {
    throw new AppError('precondition_failed', `${capitalize(what)} has changed: its current ETag is ${etagOf(current.version)}.`, { current });
  }
  return current.version;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
