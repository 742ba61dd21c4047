import 'server-only';
import { createHash } from 'node:crypto';

/** A strong ETag for a response body: a hash of its exact bytes. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether an `If-None-Match` header names `etag` (weak comparison, as RFC 9110 asks for GET). */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === wanted);
}

/** The ETag of the gzip coding of a body with `etag`: a strong ETag names one coding of the bytes. */
export function gzipEtagOf(etag: string): string {
  return `${etag.slice(0, -1)}-gzip"`;
}
