/**
 * The request header in which proxy.ts hands a page its own path and query (`/audit?action=x`),
 * set over anything a client sent under that name. Only ever used as a sign-in's `next`, which
 * `safeNextPath` checks again, so a forged value sends nobody elsewhere.
 */
export const PAGE_PATH_HEADER = 'x-tools-admin-page-path';
