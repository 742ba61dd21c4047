import type { IncomingMessage, ServerResponse } from 'node:http';

/** Addresses whose ETag is a hash of the body's bytes, so their gzip bytes can be shared. */
export const PRECOMPRESSED_PATHS: ReadonlySet<string>;
/** Whether an `Accept-Encoding` header allows a gzip-coded answer. */
export function acceptsGzip(header: string | string[] | undefined | null): boolean;
/** The ETag of a body's gzip coding. */
export function gzipEtagOf(etag: string): string;
/** Answers a GET of a precompressed address with gzip bytes compressed once per ETag; call before Next. */
export function precompress(req: IncomingMessage, res: ServerResponse, pathname: string): void;
