import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the simulator signs with and what the shop is configured with when it talks to the simulator. */
export interface SimulatorCredentials {
  apiKey: string;
  posSignature: string;
  privateKeyPem: string;
  publicKeyPem: string;
}

/**
 * The simulator's own RSA key pair, API key and POS signature, made on first start and kept in
 * `DATA_DIR/netopia-simulator/` (decision 020), so notifications signed before a restart still verify.
 */
export function simulatorCredentials(dataDir: string): SimulatorCredentials {
  const dir = path.join(dataDir, 'netopia-simulator');
  const file = path.join(dir, 'credentials.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as SimulatorCredentials;
  mkdirSync(dir, { recursive: true });
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const credentials: SimulatorCredentials = {
    apiKey: `sim-${randomBytes(24).toString('base64url')}`,
    posSignature: `SIM-${randomBytes(6).toString('hex').toUpperCase()}`,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
  writeFileSync(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  return credentials;
}
