// Gzip for the catalogue's big JSON, compressed once per ETag instead of on every request.
// Next drops a route's own Content-Encoding header, so a route cannot send bytes it gzipped
// itself; and Next's own compression gzips the whole body again for every client.
import { gzip } from 'node:zlib';

/**
 * Addresses whose ETag is a hash of the body's bytes (lib/catalogue/etag.ts), so one ETag
 * always names one body, whoever asked: its gzip bytes can be shared between requests.
 */
export const PRECOMPRESSED_PATHS = new Set(['/api/v1/tools']);

/** Gzip bodies kept, by ETag: the full catalogue and its summary, old and new, and some. */
const KEPT = 8;
const kept = new Map();

/**
 * Whether an `Accept-Encoding` header allows a gzip-coded answer (RFC 9110 §12.5.3): `gzip`
 * (or its alias `x-gzip`) with a non-zero weight, or `*` with one when gzip is not named.
 */
export function acceptsGzip(header) {
  if (!header) return false;
  let wildcard;
  for (const part of String(header).split(',')) {
    const [token = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const weight = params.find((param) => param.startsWith('q='));
    const isAllowed = weight === undefined || Number(weight.slice(2)) > 0;
    if (token === 'gzip' || token === 'x-gzip') return isAllowed;
    if (token === '*') wildcard = isAllowed;
  }
  return wildcard ?? false;
}

/** The ETag of a body's gzip coding: a strong ETag names one coding of the bytes. lib/catalogue/etag.ts knows it too. */
export function gzipEtagOf(etag) {
  return `${etag.slice(0, -1)}-gzip"`;
}

/**
 * For a GET of one of PRECOMPRESSED_PATHS from a client that accepts gzip: asks Next for the
 * plain body, holds it back, and answers a 200 with an ETag with the gzip bytes of that ETag,
 * compressed (off the main thread) only the first time. Anything else passes through as Next
 * wrote it. Call before handing the request to Next.
 */
export function precompress(req, res, pathname) {
  if (req.method !== 'GET' || !PRECOMPRESSED_PATHS.has(pathname) || !acceptsGzip(req.headers['accept-encoding'])) return;
  // Next would gzip the plain body again on every request.
  req.headers['accept-encoding'] = 'identity';
  const chunks = [];
  const original = { write: res.write, end: res.end, flushHeaders: res.flushHeaders, writeHead: res.writeHead };
  const restore = () => Object.assign(res, original);
  const toBuffer = (chunk, encoding) => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : undefined));
  // Nothing goes out before the body is complete: Next's compression layer (and Node's implicit
  // header) would send the headers at the first write, before the gzip headers could be set.
  res.flushHeaders = () => {};
  res.writeHead = (status, message, headers) => {
    res.statusCode = status;
    const given = typeof message === 'string' ? headers : message;
    if (Array.isArray(given)) for (let i = 0; i + 1 < given.length; i += 2) res.setHeader(given[i], given[i + 1]);
    else if (given) for (const [name, value] of Object.entries(given)) if (value !== undefined) res.setHeader(name, value);
    return res;
  };
  res.write = (chunk, encoding, callback) => {
    chunks.push(toBuffer(chunk, encoding));
    (typeof encoding === 'function' ? encoding : callback)?.();
    return true;
  };
  res.end = (chunk, encoding, callback) => {
    const done = [chunk, encoding, callback].find((arg) => typeof arg === 'function');
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
    restore();
    res.setHeader('vary', 'accept-encoding');
    const etag = res.getHeader('etag');
    if (typeof etag !== 'string' || !/^"[^"]*"$/.test(etag) || (res.statusCode !== 200 && res.statusCode !== 304)) {
      const body = Buffer.concat(chunks);
      return body.length > 0 ? res.end(body, done) : res.end(done);
    }
    const gzipEtag = gzipEtagOf(etag);
    res.setHeader('etag', gzipEtag);
    if (res.statusCode === 304) return res.end(done);
    gzipOnce(gzipEtag, Buffer.concat(chunks), (error, bytes) => {
      if (error) {
        res.statusCode = 500;
        res.removeHeader('etag');
        return res.end(done);
      }
      res.setHeader('content-encoding', 'gzip');
      res.setHeader('content-length', String(bytes.length));
      res.removeHeader('transfer-encoding');
      res.end(bytes, done);
    });
    return res;
  };
}

function gzipOnce(etag, body, callback) {
  const known = kept.get(etag);
  if (known) return callback(null, known);
  gzip(body, (error, bytes) => {
    if (error) return callback(error);
    kept.set(etag, bytes);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value);
    callback(null, bytes);
  });
}
