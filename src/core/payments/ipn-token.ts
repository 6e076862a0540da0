import { createHash, createPublicKey, type KeyObject, verify } from 'node:crypto';

/** DESIGN §6: who signs a notification. */
export const NETOPIA_ISSUER = 'NETOPIA Payments';

export type TokenRefusal =
  | 'missing'
  | 'malformed'
  | 'algorithm'
  | 'signature'
  | 'issuer'
  | 'audience'
  | 'body'
  | 'expired';

function decodePart(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The key notifications are checked with, from its PEM text (NETOPIA_PUBLIC_KEY or the simulator's). */
export function publicKeyOf(pem: string): KeyObject {
  return createPublicKey(pem);
}

/**
 * Checks a notification's `Verification-token` against the raw body exactly as NETOPIA signs it: a JWT
 * signed RS512 with NETOPIA's key, `iss` "NETOPIA Payments", `aud` the POS signature (a string or a list),
 * `sub` the base64 SHA-512 of the body's bytes. Answers null when it holds, else why not. Only RS512 is
 * accepted, so a token cannot choose a weaker algorithm or none.
 */
export function checkNotificationToken(
  token: string | undefined,
  rawBody: string | Buffer,
  key: KeyObject,
  posSignature: string,
  now = Date.now(),
): TokenRefusal | null {
  if (!token) return 'missing';
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) return 'malformed';
  const [head, body, signature] = parts;
  const header = decodePart(head);
  const claims = decodePart(body);
  if (!header || !claims || signature.length === 0) return 'malformed';
  if (header.alg !== 'RS512') return 'algorithm';
  const signed = verify('sha512', Buffer.from(`${head}.${body}`), key, Buffer.from(signature, 'base64url'));
  if (!signed) return 'signature';
  if (claims.iss !== NETOPIA_ISSUER) return 'issuer';
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!aud.includes(posSignature)) return 'audience';
  if (typeof claims.exp === 'number' && claims.exp * 1000 < now) return 'expired';
  const digest = createHash('sha512').update(rawBody).digest('base64');
  if (claims.sub !== digest) return 'body';
  return null;
}
