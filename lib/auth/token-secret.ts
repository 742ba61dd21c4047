import 'server-only';
import { hash, randomBytes } from 'node:crypto';

/** Every token starts with this, so a leaked one is easy to recognise (and to scan for). */
export const TOKEN_MARK = 'tat_';

/** A new random secret: the mark and 256 random bits, base64url. */
export function newSecret(mark = TOKEN_MARK): string {
  return `${mark}${randomBytes(32).toString('base64url')}`;
}

/** The SHA-256 of a secret, hex: all that is stored. One-shot: a Hash object costs more than the hashing (every API call hashes its token). */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/** The part of a token shown in lists: the mark and its first 8 characters. */
export function prefixOf(secret: string): string {
  return secret.slice(0, TOKEN_MARK.length + 8);
}
