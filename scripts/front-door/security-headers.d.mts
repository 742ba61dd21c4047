import type { ServerResponse } from 'node:http';

/** A fresh, unguessable nonce for one page render. */
export function newNonce(): string;
/** The CSP of an HTML page rendered with `nonce`. */
export function pagePolicy(nonce: string): string;
/** The CSP of an API answer or a static file. */
export const RESOURCE_POLICY: string;
/** The headers beside the CSP, the same on every response. */
export const FIXED_HEADERS: Readonly<Record<string, string>>;
/** Sets name, value pairs (name, value, name, value…) on a response, in their order. */
export function setHeaderPairs(res: ServerResponse, pairs: readonly string[]): void;
