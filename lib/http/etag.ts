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
 * The version a change may expect, from the request's `If-Match`, for `lib/` to compare
 * atomically with the stored one. Absent: undefined, so `lib/` answers 428 (or 404 when the
 * resource is gone). One strong numeric tag: its number, without a read. Anything else (`*`,
 * a list, weak tags): the current representation is loaded and matched here, and a mismatch
 * throws `precondition_failed` (412) with it.
 */
export async function expectedVersionFrom<T extends { version: number }>(
  request: Request,
  loadCurrent: () => Promise<T>,
): Promise<number | undefined> {
  const ifMatch = parseIfMatch(request.headers.get('if-match'));
  if (!ifMatch) return undefined;
  const only = ifMatch.kind === 'tags' && ifMatch.tags.length === 1 ? ifMatch.tags[0] : undefined;
  if (only && !only.isWeak && /^(0|[1-9]\d{0,14})$/.test(only.opaque)) return Number(only.opaque);
  const current = await loadCurrent();
  if (!ifMatchAdmits(ifMatch, current.version)) {
    throw new AppError('precondition_failed', `If-Match does not name the current version, ${etagOf(current.version)}`, { current });
  }
  return current.version;
}
