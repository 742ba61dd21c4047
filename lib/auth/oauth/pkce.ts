import 'server-only';
import { hash, timingSafeEqual } from 'node:crypto';

/** An S256 challenge: base64url of a SHA-256, 43 characters. */
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** A code verifier (RFC 7636 §4.1): 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** Whether `verifier` answers the S256 `challenge` (RFC 7636 §4.6). The plain method is never accepted. */
export function verifiesS256(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  const computed = Buffer.from(hash('sha256', verifier, 'base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
