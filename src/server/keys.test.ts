import { describe, expect, it } from 'vitest';
import { deriveKey, type KeyPurpose } from './keys';

const secret = 'test-secret-test-secret-test-secret-1234';
const purposes: KeyPurpose[] = ['contact-ip-hash', 'session', 'order-link', 'csrf'];

describe('deriveKey', () => {
  it('is deterministic: the same secret and purpose give the same 32-byte key', () => {
    expect(deriveKey(secret, 'session')).toEqual(deriveKey(secret, 'session'));
    expect(deriveKey(secret, 'session')).toHaveLength(32);
  });

  it('gives every purpose its own key, none equal to the secret', () => {
    const keys = purposes.map((p) => deriveKey(secret, p).toString('hex'));
    expect(new Set(keys).size).toBe(purposes.length);
    for (const key of keys) expect(key).not.toBe(Buffer.from(secret).subarray(0, 32).toString('hex'));
  });

  it('changes every key when the secret changes', () => {
    for (const p of purposes) expect(deriveKey(`${secret}!`, p)).not.toEqual(deriveKey(secret, p));
  });
});
