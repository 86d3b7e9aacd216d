import assert from 'node:assert/strict';
import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import {
  QR_KEY_FILENAME,
  loadOrCreateQrSigningKey,
  parseQrSigningKey,
  qrKeyId,
  qrSigningKeyPem,
  rawPublicKey,
} from './keys';
import { createQrService, qrIssuedAtSeconds } from './signer';

const key = generateKeyPairSync('ed25519').privateKey;
const qr = createQrService({ privateKey: key });
const other = createQrService({ privateKey: generateKeyPairSync('ed25519').privateKey });

const CLAIMS = { publicId: '0b7e6f2e-3f6c-4c1e-9a55-1e2f3a4b5c6d', issuedAt: new Date('2026-06-01T10:00:00.987Z') };

/** The token with one character of `part` (1 payload, 2 signature) replaced. */
function alter(token: string, part: 1 | 2, at: number): string {
  const parts = token.split('.');
  const text = parts[part]!;
  const replaced = text[at] === 'A' ? 'B' : 'A';
  parts[part] = text.slice(0, at) + replaced + text.slice(at + 1);
  return parts.join('.');
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function decodePng(base64: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(base64, 'base64'));
  return jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)
    ?.data;
}

describe('QR token', () => {
  it('round-trips: issue, then verify gives the claims back (issue time in whole seconds) and the key id', () => {
    const token = qr.issue(CLAIMS);
    assert.match(token, /^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{86}$/);
    assert.ok(token.length <= 220, `token length ${token.length}`);
    const result = qr.verify(token);
    assert.deepEqual(result, {
      ok: true,
      claims: { publicId: CLAIMS.publicId, issuedAt: new Date('2026-06-01T10:00:00.000Z') },
      keyId: qr.keyId,
    });
    assert.equal(qrIssuedAtSeconds(CLAIMS.issuedAt), 1780308000);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    // Nothing of the traveler: the request's random public id is the only reference a reader of the code sees.
    assert.deepEqual(payload, { p: CLAIMS.publicId, i: 1780308000, k: qr.keyId });
    // Ed25519 is deterministic: the same claims give the same token.
    assert.equal(qr.issue(CLAIMS), token);
  });

  it('refuses an altered payload, whatever was changed', () => {
    const token = qr.issue(CLAIMS);
    // Another traveler, re-encoded cleanly, with the original signature.
    const [, payload, signature] = token.split('.');
    const forged = { ...(JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object), t: 4243 };
    assert.deepEqual(qr.verify(`v1.${encode(forged)}.${signature}`), { ok: false, reason: 'signature' });
    // A later issue time (a stale code made to look fresh).
    const fresher = { ...(JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object), i: 1780308600 };
    assert.deepEqual(qr.verify(`v1.${encode(fresher)}.${signature}`), { ok: false, reason: 'signature' });
    // One character flipped in the base64 of the payload: malformed JSON or a bad signature, never valid.
    for (let at = 0; at < payload!.length; at += 7)
      assert.equal(qr.verify(alter(token, 1, at)).ok, false, `payload char ${at}`);
    // Another version prefix.
    assert.deepEqual(qr.verify(token.replace(/^v1\./, 'v2.')), { ok: false, reason: 'malformed' });
  });

  it('refuses an altered signature, including a non-canonical spelling of the same bytes', () => {
    const token = qr.issue(CLAIMS);
    for (const at of [0, 10, 40, 84])
      assert.deepEqual(qr.verify(alter(token, 2, at)), { ok: false, reason: 'signature' }, `signature char ${at}`);
    // The last of 86 characters carries 2 unused bits: flipping them keeps the bytes but not the canonical text.
    const parts = token.split('.');
    const last = parts[2]!.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBytes = alphabet[(alphabet.indexOf(last) & ~3) | ((alphabet.indexOf(last) + 1) & 3)]!;
    assert.deepEqual(qr.verify(`${parts[0]}.${parts[1]}.${parts[2]!.slice(0, -1)}${sameBytes}`), {
      ok: false,
      reason: 'signature',
    });
    // Too short, or too long.
    assert.deepEqual(qr.verify(`${parts[0]}.${parts[1]}.${parts[2]!.slice(0, 43)}`), {
      ok: false,
      reason: 'signature',
    });
    assert.deepEqual(qr.verify(`${token}AAAA`), { ok: false, reason: 'signature' });
  });

  it('tells a token of another key (a foreign or copied system) apart: unknown key', () => {
    const foreign = other.issue(CLAIMS);
    assert.deepEqual(qr.verify(foreign), { ok: false, reason: 'unknown-key' });
    // Signed by the other key but claiming ours: the signature fails.
    const [, payload, signature] = foreign.split('.');
    const claimed = { ...(JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object), k: qr.keyId };
    assert.deepEqual(qr.verify(`v1.${encode(claimed)}.${signature}`), { ok: false, reason: 'signature' });
    // A rotation: a service that still accepts the previous public key.
    const rotated = createQrService({
      privateKey: generateKeyPairSync('ed25519').privateKey,
      acceptedPublicKeys: [generateKeyPairSync('ed25519').publicKey, createPublicKey(key)],
    });
    assert.equal(rotated.verify(qr.issue(CLAIMS)).ok, true);
  });

  it('calls malformed anything that is not a token', () => {
    const valid = qr.issue(CLAIMS);
    const inputs: unknown[] = [
      '',
      'hello',
      'v1..',
      'v1.abc',
      'v1.abc.def.ghi',
      `v1.${encode({ p: CLAIMS.publicId, t: 1, i: 1 })}.${valid.split('.')[2]}`,
      `v1.${encode({ p: 'not-a-uuid', t: 1, i: 1, k: qr.keyId })}.${valid.split('.')[2]}`,
      `v1.${encode({ p: CLAIMS.publicId, i: -1, k: qr.keyId })}.${valid.split('.')[2]}`,
      `v1.${encode({ p: CLAIMS.publicId, i: 1.5, k: qr.keyId })}.${valid.split('.')[2]}`,
      `v1.${encode([1, 2])}.${valid.split('.')[2]}`,
      `v1.${Buffer.from('{not json').toString('base64url')}.${valid.split('.')[2]}`,
      `v1.${valid.split('.')[1]}=.${valid.split('.')[2]}`,
      valid.replace('.', '.+'),
      'x'.repeat(5000),
      42,
      null,
    ];
    for (const input of inputs)
      assert.deepEqual(qr.verify(input as string), { ok: false, reason: 'malformed' }, String(input).slice(0, 60));
    // Surrounding white space (a scanner's newline) is tolerated.
    assert.equal(qr.verify(`${valid}\n`).ok, true);
  });

  it('publishes the public key as a JWK whose kid is sha256 of the raw key (16 hex)', () => {
    const raw = rawPublicKey(key);
    assert.equal(raw.length, 32);
    assert.equal(qr.keyId, createHash('sha256').update(raw).digest('hex').slice(0, 16));
    assert.equal(qrKeyId(key), qr.keyId);
    assert.deepEqual(qr.publicKey, {
      kty: 'OKP',
      crv: 'Ed25519',
      x: raw.toString('base64url'),
      kid: qr.keyId,
      alg: 'EdDSA',
      use: 'sig',
    });
  });

  it('draws a PNG of about 300 px that decodes back to the same token', async () => {
    const token = qr.issue(CLAIMS);
    const png = await qr.png(token);
    assert.ok(!png.startsWith('data:'));
    const image = PNG.sync.read(Buffer.from(png, 'base64'));
    assert.ok(image.width >= 250 && image.width <= 350 && image.width === image.height, `${image.width} px`);
    assert.equal(decodePng(png), token);
    // Another token, another picture.
    const second = qr.issue({ ...CLAIMS, publicId: '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d' });
    assert.equal(decodePng(await qr.png(second)), second);
  });
});

describe('QR signing key', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('reads PKCS#8 PEM, its base64, and the base64 of the DER; refuses other keys', () => {
    const pem = qrSigningKeyPem(key);
    for (const text of [
      pem,
      Buffer.from(pem).toString('base64'),
      key.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    ]) {
      assert.equal(qrKeyId(parseQrSigningKey(text)), qr.keyId);
    }
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    assert.throws(() => parseQrSigningKey(rsa), /Ed25519/);
    assert.throws(() => parseQrSigningKey('garbage'), /Ed25519/);
  });

  it('generates a key once in DATA_DIR (mode 0600) and reads the same key afterwards', () => {
    const dir = mkdtempSync(join(tmpdir(), 'varco-qr-key-'));
    dirs.push(dir);
    const dataDir = join(dir, 'pglite');
    const first = loadOrCreateQrSigningKey(dataDir);
    assert.equal(first.created, true);
    assert.equal(first.path, join(dataDir, QR_KEY_FILENAME));
    assert.equal(statSync(first.path).mode & 0o777, 0o600);
    assert.match(readFileSync(first.path, 'utf8'), /^-----BEGIN PRIVATE KEY-----/);
    const second = loadOrCreateQrSigningKey(dataDir);
    assert.equal(second.created, false);
    assert.equal(qrKeyId(second.key), qrKeyId(first.key));
    // A code issued before a restart still verifies after it.
    const before = createQrService({ privateKey: first.key }).issue(CLAIMS);
    assert.equal(createQrService({ privateKey: second.key }).verify(before).ok, true);
  });
});
