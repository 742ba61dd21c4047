import 'server-only';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A value as stored: AES-256-GCM ciphertext, its 96-bit nonce and 128-bit tag, each base64. */
export interface SealedValue {
  ciphertext: string;
  iv: string;
  tag: string;
}

const ALGORITHM = 'aes-256-gcm';
const TAG_BYTES = 16;

/**
 * Encrypts a secret's value under the store's key, with a fresh random nonce. The secret's name
 * is the associated data: a ciphertext copied onto another name does not decrypt.
 */
export function sealValue(key: Buffer, name: string, value: string): SealedValue {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(name, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return { ciphertext: ciphertext.toString('base64'), iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64') };
}

/**
 * The value of a sealed secret. Throws (without any part of the value) when the key is not the
 * one it was sealed with, or the ciphertext, nonce, tag or name were changed.
 */
export function openValue(key: Buffer, name: string, sealed: SealedValue): string {
  const tag = Buffer.from(sealed.tag, 'base64');
  if (tag.length !== TAG_BYTES) throw new Error(`The secret "${name}" cannot be decrypted: its stored tag is damaged`);
  try {
    const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(sealed.iv, 'base64'), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(name, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(`The secret "${name}" cannot be decrypted: it was stored under another SECRETS_KEY, or changed in the database`);
  }
}
