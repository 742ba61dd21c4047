/** A fresh, unguessable nonce for one page render. */
export function newNonce(): string;
/** The CSP of an HTML page rendered with `nonce`. */
export function pagePolicy(nonce: string): string;
/** The CSP of an API answer or a static file. */
export const RESOURCE_POLICY: string;
/** The headers beside the CSP, the same on every response. */
export const FIXED_HEADERS: Readonly<Record<string, string>>;
