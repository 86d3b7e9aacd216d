import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file that keeps the generated signing key of a developer machine, in DATA_DIR. */
export const QR_KEY_FILENAME = 'qr-signing-key.pem';

/**
 * Reads an Ed25519 private key given as PKCS#8 PEM, as the base64 of that PEM (one line, handy in an env file), or
 * as the base64 of its DER. Throws a message that never holds the key.
 */
export function parseQrSigningKey(text: string): KeyObject {
  const value = text.trim();
  let key: KeyObject;
  try {
    if (value.includes('-----BEGIN')) key = createPrivateKey({ key: value, format: 'pem' });
    else {
      const decoded = Buffer.from(value, 'base64');
      const asText = decoded.toString('utf8');
      key = asText.includes('-----BEGIN')
        ? createPrivateKey({ key: asText, format: 'pem' })
        : createPrivateKey({ key: decoded, format: 'der', type: 'pkcs8' });
    }
  } catch {
    throw new Error('must be an Ed25519 private key in PKCS#8 PEM, or the base64 of it');
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error('must be an Ed25519 private key in PKCS#8 PEM, or the base64 of it');
  return key;
}

/** True when `text` is a usable QR signing key (the configuration's check). */
export function isQrSigningKey(text: string): boolean {
  try {
    parseQrSigningKey(text);
    return true;
  } catch {
    return false;
  }
}

/** The raw 32 bytes of an Ed25519 public key. */
export function rawPublicKey(key: KeyObject): Buffer {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  const { x } = publicKey.export({ format: 'jwk' });
  return Buffer.from(x ?? '', 'base64url');
}

/** The key id carried by every token: the first 16 hex characters of sha256 of the raw public key. */
export function qrKeyId(key: KeyObject): string {
  return createHash('sha256').update(rawPublicKey(key)).digest('hex').slice(0, 16);
}

export const generateQrSigningKey = (): KeyObject => generateKeyPairSync('ed25519').privateKey;

export const qrSigningKeyPem = (key: KeyObject): string => key.export({ format: 'pem', type: 'pkcs8' }).toString();

/**
 * The key of a deployment without QR_SIGNING_KEY (development): generated once and kept in `<dataDir>/qr-signing-key.pem`
 * (mode 0600), so the QR codes already handed out still verify after a restart. Two processes starting at once agree:
 * the file is created exclusively, and the loser reads the winner's key.
 */
export function loadOrCreateQrSigningKey(dataDir: string): { key: KeyObject; created: boolean; path: string } {
  const path = join(dataDir, QR_KEY_FILENAME);
  try {
    return { key: parseQrSigningKey(readFileSync(path, 'utf8')), created: false, path };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`${path}: ${(error as Error).message}`);
  }
  mkdirSync(dataDir, { recursive: true });
  const key = generateQrSigningKey();
  try {
    writeFileSync(path, qrSigningKeyPem(key), { mode: 0o600, flag: 'wx' });
    chmodSync(path, 0o600);
    return { key, created: true, path };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { key: parseQrSigningKey(readFileSync(path, 'utf8')), created: false, path };
  }
}
