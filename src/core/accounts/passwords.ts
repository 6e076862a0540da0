import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum (19 MiB, t=2, p=1): about 25–40 ms per hash on one core of our
 * machines (docs/accounts.md), paid at registration, login, reset and password change only.
 */
// The package's `Algorithm` is a const enum, which isolated modules cannot read: 2 is its Argon2id.
const OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash matches nothing.
    return false;
  }
}

/**
 * A hash of nothing anyone knows, verified when the e-mail has no account, so a failed login costs the
 * same time whether or not the address exists.
 */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(`decoy-${Math.random()}`);
  return decoy;
}
