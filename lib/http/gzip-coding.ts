/**
 * Whether an `Accept-Encoding` header allows a gzip-coded answer (RFC 9110 §12.5.3): `gzip`
 * (or its alias `x-gzip`) with a non-zero weight, or `*` with one when gzip is not named.
 * Next's compression layer then gzips a route's JSON answer, whatever its size (it streams the
 * body, so it never sees a length under its threshold) and in preference to deflate; a route
 * that names each representation by a strong ETag must know which coding its answer goes out in.
 */
export function acceptsGzip(header: string | null | undefined): boolean {
  if (!header) return false;
  let wildcard: boolean | undefined;
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const weight = params.find((param) => param.startsWith('q='));
    const isAllowed = weight === undefined || Number(weight.slice(2)) > 0;
    if (token === 'gzip' || token === 'x-gzip') return isAllowed;
    if (token === '*') wildcard = isAllowed;
  }
  return wildcard ?? false;
}
