import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes as base64url (43 characters): session tokens and reset tokens alike. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token: its SHA-256, hex. A leaked table holds no usable token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
