// @ts-check
// The headers every response carries. Pages get a CSP whose only inline scripts are Next's
// own, by a fresh nonce per request (Next reads it from the request's CSP header and puts it
// on the scripts it writes); everything else gets a CSP that allows nothing at all.
import { randomBytes } from 'node:crypto';

/**
 * A fresh, unguessable nonce for one page render.
 * @returns {string}
 */
export function newNonce() {
  return randomBytes(18).toString('base64');
}

/**
 * The CSP of an HTML page rendered with `nonce`.
 * @param {string} nonce
 * @returns {string}
 */
export function pagePolicy(nonce) {
  return [
    "default-src 'self'",
    // 'unsafe-eval' is not inline script: the settings forms (RJSF's ajv validator) compile
    // each tool's JSON Schema to a function in the browser, as ajv does everywhere.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' 'unsafe-eval'`,
    // React writes style attributes (virtual lists position rows with them): styles only.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The CSP of an API answer or a static file: it renders nothing and is framed by nobody. */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The headers beside the CSP, the same on every response. */
export const FIXED_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Sets name, value pairs (name, value, name, value…) on a response, in their order.
 * @param {import('node:http').ServerResponse} res
 * @param {readonly string[]} pairs
 */
export function setHeaderPairs(res, pairs) {
  for (let index = 0; index + 1 < pairs.length; index += 2) res.setHeader(/** @type {string} */ (pairs[index]), /** @type {string} */ (pairs[index + 1]));
}
