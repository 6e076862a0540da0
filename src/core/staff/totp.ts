import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * TOTP (RFC 6238) as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. A code of the step
 * before or after is accepted too (a phone's clock a little off, a code typed as it changed).
 */
const PERIOD_S = 30;
const WINDOW = 1;
const ISSUER = 'Maranatha admin';

function totpOf(base32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(base32),
  });
}

/** A new secret of 20 random bytes (RFC 4226's recommended size), as the base32 text apps take. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI the QR code carries. */
export function totpUri(base32: string, label: string): string {
  return totpOf(base32, label).toString();
}

/**
 * The QR code of a URI as an SVG document made here (no request leaves the server or the browser), with
 * a quiet zone of 2 modules; the setup page shows it inline.
 */
export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
}

/**
 * The time step a code belongs to when it is right for the secret at `now`, or null. The caller refuses a
 * step not after the last one accepted, so each code works once.
 */
export function totpStep(base32: string, code: string, now: Date): number | null {
  const delta = totpOf(base32, 'x').validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}

/**
 * The secret at rest: AES-256-GCM under a key derived from SESSION_SECRET for this purpose alone
 * (server/keys.ts), so a copy of the database alone yields no second factor. "v1." names the scheme.
 */
export function sealSecret(key: Buffer, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The base32 secret of a sealed value; throws when it was sealed under another key or altered. */
export function openSecret(key: Buffer, sealed: string): string {
  if (!sealed.startsWith('v1.')) throw new Error('unknown TOTP secret scheme');
  const raw = Buffer.from(sealed.slice(3), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
