import { hkdfSync } from 'node:crypto';

/**
 * What a derived key is for. Each purpose gets its own key, so a key leaked or misused in one place
 * (say, the contact form's address hashes) says nothing about another (sessions, order links).
 */
export type KeyPurpose = 'contact-ip-hash' | 'session' | 'order-link' | 'invoice-link' | 'csrf' | 'totp-secret';

// Fixed and public: HKDF's salt separates this application's keys from other uses of the same secret.
const SALT = 'maranatha-shop/v1';

/** A 32-byte key for one purpose, derived from SESSION_SECRET with HKDF-SHA-256 (decision 011). */
export function deriveKey(secret: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, SALT, purpose, 32));
}
