import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openValue, sealValue } from './secret-cipher';

describe('sealing a secret (AES-256-GCM)', () => {
  const key = randomBytes(32);
  const value = 'ghp_the-value-itself';

  it('opens what it sealed, with a new nonce every time', () => {
    const a = sealValue(key, 'TOKEN', value);
    const b = sealValue(key, 'TOKEN', value);
    expect(openValue(key, 'TOKEN', a)).toBe(value);
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toContain(Buffer.from(value).toString('base64'));
  });

  it('refuses a changed ciphertext, nonce or tag, another name, and another key, without quoting the value', () => {
    const sealed = sealValue(key, 'TOKEN', value);
    const flip = (text: string) => {
      const bytes = Buffer.from(text, 'base64');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64');
    };
    const attempts = [
      () => openValue(key, 'TOKEN', { ...sealed, ciphertext: flip(sealed.ciphertext) }),
      () => openValue(key, 'TOKEN', { ...sealed, iv: flip(sealed.iv) }),
      () => openValue(key, 'TOKEN', { ...sealed, tag: flip(sealed.tag) }),
      () => openValue(key, 'TOKEN', { ...sealed, tag: sealed.tag.slice(0, 8) }),
      () => openValue(key, 'OTHER', sealed),
      () => openValue(randomBytes(32), 'TOKEN', sealed),
    ];
    for (const attempt of attempts) {
      expect(attempt).toThrow(/cannot be decrypted/);
      try {
        attempt();
      } catch (error) {
        expect(String(error)).not.toContain(value);
      }
    }
  });
});
