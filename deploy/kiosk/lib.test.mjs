import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import QRCode from 'qrcode';
import {
  claimedKeyId,
  decodeQrPng,
  formatRequest,
  formatScan,
  keyIdOf,
  parseDecisions,
  verifyOffline,
} from './lib.mjs';

/** A signer like the api's (api/src/modules/qr/signer.ts), to test the kiosk's offline check against. */
function signer() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const { x } = publicKey.export({ format: 'jwk' });
  const kid = createHash('sha256').update(Buffer.from(x, 'base64url')).digest('hex').slice(0, 16);
  const issue = (claims) => {
    const input = `v1.${Buffer.from(JSON.stringify({ ...claims, k: claims.k ?? kid })).toString('base64url')}`;
    return `${input}.${sign(null, Buffer.from(input), privateKey).toString('base64url')}`;
  };
  return { jwk: { kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' }, issue };
}

const CLAIMS = { p: '0b7e6f2e-3f6c-4c1e-9a55-1e2f3a4b5c6d', i: 1780308000 };

describe('kiosk: offline check of a QR token', () => {
  const agency = signer();
  const other = signer();

  it('accepts a token of the agency and reads its claims', () => {
    expect(keyIdOf(agency.jwk)).toBe(agency.jwk.kid);
    const result = verifyOffline(agency.issue(CLAIMS), agency.jwk);
    expect(result).toEqual({
      ok: true,
      claims: { publicId: CLAIMS.p, issuedAt: new Date(1780308000 * 1000) },
      keyId: agency.jwk.kid,
    });
    // A code issued before the traveler's id left the payload still verifies; the id is not read.
    expect(verifyOffline(agency.issue({ ...CLAIMS, t: 42 }), agency.jwk)).toEqual(result);
  });

  it('calls forged an altered, a foreign or a malformed token', () => {
    const token = agency.issue(CLAIMS);
    const [, payload, signature] = token.split('.');
    const altered = Buffer.from(JSON.stringify({ ...CLAIMS, t: 43, k: agency.jwk.kid })).toString('base64url');
    expect(verifyOffline(`v1.${altered}.${signature}`, agency.jwk)).toEqual({ ok: false, reason: 'signature' });
    // Another first character always changes the signature's bytes (the last one may only carry padding bits).
    const otherFirst = signature[0] === 'A' ? 'B' : 'A';
    expect(verifyOffline(`v1.${payload}.${otherFirst}${signature.slice(1)}`, agency.jwk)).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(verifyOffline(other.issue(CLAIMS), agency.jwk)).toEqual({ ok: false, reason: 'unknown-key' });
    expect(claimedKeyId(other.issue(CLAIMS))).toBe(other.jwk.kid);
    for (const bad of ['', 'hello', 'v1.a.b', `v2.${payload}.${signature}`, null])
      expect(verifyOffline(bad, agency.jwk).ok).toBe(false);
  });

  it('reads the token back from a PNG', async () => {
    const token = agency.issue(CLAIMS);
    const png = await QRCode.toBuffer(token, { errorCorrectionLevel: 'M', width: 300 });
    expect(decodeQrPng(png)).toBe(token);
  });

  it('reads no code, without throwing, from bytes that are not a readable PNG', async () => {
    const png = await QRCode.toBuffer(agency.issue(CLAIMS), { errorCorrectionLevel: 'M', width: 300 });
    for (const bytes of [
      Buffer.alloc(0),
      Buffer.from('root:x:0:0:root:/root:/bin/bash\n'),
      png.subarray(0, png.length / 2),
    ])
      expect(decodeQrPng(bytes)).toBeUndefined();
  });
});

describe('kiosk: arguments and screen', () => {
  it('parses decisions', () => {
    expect(parseDecisions(['12=granted', '13=DENIED', '14=not-selected'])).toEqual([
      { refundId: 12, outcome: 'GRANTED' },
      { refundId: 13, outcome: 'DENIED' },
      { refundId: 14, outcome: 'NOT_SELECTED' },
    ]);
    expect(() => parseDecisions([])).toThrow(/at least one/);
    expect(() => parseDecisions(['12=maybe'])).toThrow(/"12=maybe"/);
  });

  const view = {
    light: 10,
    reasons: ['The total of the request, €11,200.00, is above €10,000.00.'],
    request: {
      publicId: CLAIMS.p,
      requestCode: 'VR-1',
      traveler: { name: 'Grace Hopper', document: { type: 'PASSAPORTO', country: 'US', number: 'X1' } },
      stateCode: 20,
      stateDescription: 'Customs check',
      totalAmount: 11200,
      travelDate: '2026-06-12T16:30:00.000Z',
      transportType: 'AE',
      flightNumber: 'AZ 610',
      invoices: [
        {
          refundId: 7,
          invoiceNumber: 'FT-1',
          vendorName: 'Negozio',
          totalAmount: 11200,
          stateCode: 40,
          stateDescription: 'Customs check required',
          release: null,
        },
      ],
    },
  };

  it('shows the verdict first, then the request and the reasons', () => {
    const red = formatScan({
      ...view,
      outcome: 'CUSTOMS_CHECK',
      message: 'Go to the customs office for a customs check.',
    });
    expect(red[0]).toBe('RED — go to the customs office. Go to the customs office for a customs check.');
    expect(red.join('\n')).toContain('  - The total of the request, €11,200.00, is above €10,000.00.');
    expect(red.join('\n')).toContain('#7  FT-1  Negozio');
    const yellow = formatScan({ ...view, light: 5, outcome: 'CUSTOMS_CHECK', message: 'm' });
    expect(yellow[0]).toMatch(/^YELLOW — go to the customs office/);
    const green = formatScan({
      ...view,
      light: 1,
      reasons: [],
      outcome: 'GRANTED',
      message: 'Customs visa granted: go airside.',
    });
    expect(green[0]).toBe('GREEN — visa granted. Customs visa granted: go airside.');
    expect(formatRequest(view)[0]).toBe(`Request   VR-1  (${CLAIMS.p})`);
  });
});
