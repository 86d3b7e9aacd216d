// The kiosk's logic without input/output, so that it can be tested: reading a QR code from a PNG, verifying its
// token offline with the agency's public key, and turning the api's answers into text for the screen.
import { createHash, createPublicKey, verify } from 'node:crypto';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

// The api's answers and bodies, typed from its OpenAPI document (api-types.d.ts, generated: npm run kiosk:types), so
// that a change of the exit point's schemas fails the kiosk's type check (npm run typecheck).
/** @typedef {import('./api-types').operations} Operations */
/** @typedef {Operations['getExitPointPublicKey']['responses'][200]['content']['application/json']} PublicKeyAnswer */
/** @typedef {Operations['postExitPointScan']['requestBody']['content']['application/json']} ScanBody */
/** @typedef {Operations['postExitPointScan']['responses'][200]['content']['application/json']} ScanAnswer */
/** @typedef {Operations['getExitPointRequestsByPublicId']['responses'][200]['content']['application/json']} RequestView */
/** @typedef {Operations['postExitPointRequestsByPublicIdDecisions']['requestBody']['content']['application/json']} DecisionsBody */
/** @typedef {Operations['postExitPointScan']['responses'][400]['content']['application/json']} ErrorAnswer */

const TOKEN_PATTERN = /^v1\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/;

/** The text of the QR code in a PNG image; undefined when none is found, or when the bytes are not a readable PNG. */
export function decodeQrPng(buffer) {
  let png;
  try {
    png = PNG.sync.read(buffer);
  } catch {
    // Another kind of file, or a PNG cut short: no code to read, as for a picture without one.
    return undefined;
  }
  const pixels = new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length);
  return jsQR(pixels, png.width, png.height)?.data;
}

function canonical(text) {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}

/**
 * The key id of a public JWK as the api computes it: sha256 of the raw key, 16 hex characters.
 * @param {Pick<PublicKeyAnswer, 'x'>} jwk
 */
export function keyIdOf(jwk) {
  return createHash('sha256').update(Buffer.from(jwk.x, 'base64url')).digest('hex').slice(0, 16);
}

/**
 * Verifies a token offline with the agency's public JWK (GET /exit-point/public-key). Returns
 * `{ ok: true, claims: { publicId, issuedAt } }` or `{ ok: false, reason: 'malformed' | 'unknown-key' | 'signature' }`.
 * It says whether the code is genuine, not whether it is still valid: the api still checks that it is the latest code
 * of a request that is neither used nor expired.
 * @param {unknown} token
 * @param {Pick<PublicKeyAnswer, 'x' | 'kid'>} jwk
 */
export function verifyOffline(token, jwk) {
  const match = typeof token === 'string' ? TOKEN_PATTERN.exec(token.trim()) : null;
  if (!match) return { ok: false, reason: 'malformed' };
  const payloadBytes = canonical(match[1]);
  let payload;
  try {
    payload = payloadBytes && JSON.parse(payloadBytes.toString('utf8'));
  } catch {
    payload = undefined;
  }
  if (
    !payload ||
    typeof payload !== 'object' ||
    typeof payload.p !== 'string' ||
    !Number.isSafeInteger(payload.i) ||
    typeof payload.k !== 'string'
  ) {
    return { ok: false, reason: 'malformed' };
  }
  if (payload.k !== jwk.kid) return { ok: false, reason: 'unknown-key' };
  const signature = canonical(match[2]);
  if (!signature || signature.length !== 64) return { ok: false, reason: 'signature' };
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
  if (!verify(null, Buffer.from(`v1.${match[1]}`), key, signature)) return { ok: false, reason: 'signature' };
  return { ok: true, claims: { publicId: payload.p, issuedAt: new Date(payload.i * 1000) }, keyId: payload.k };
}

/** The kid a token claims, without verifying anything (to tell a rotated key from a foreign one). */
export function claimedKeyId(token) {
  const match = typeof token === 'string' ? TOKEN_PATTERN.exec(token.trim()) : null;
  if (!match) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8'));
    return typeof payload?.k === 'string' ? payload.k : undefined;
  } catch {
    return undefined;
  }
}

const OUTCOMES = { granted: 'GRANTED', denied: 'DENIED', 'not-selected': 'NOT_SELECTED' };

/**
 * `123=granted 124=denied 125=not-selected` as the decisions body; throws a readable message on a bad argument.
 * @param {string[]} args
 * @returns {DecisionsBody['decisions']}
 */
export function parseDecisions(args) {
  if (args.length === 0) throw new Error('name at least one decision: <refundId>=granted|denied|not-selected');
  return args.map((arg) => {
    const match = /^(\d+)=(granted|denied|not-selected)$/i.exec(arg);
    if (!match) throw new Error(`"${arg}" is not <refundId>=granted|denied|not-selected`);
    return { refundId: Number(match[1]), outcome: OUTCOMES[match[2].toLowerCase()] };
  });
}

const LIGHTS = { 1: 'GREEN', 5: 'YELLOW', 10: 'RED' };

const money = (amount) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(amount);

/**
 * A request (the api's exit point view) as lines of text.
 * @param {RequestView} view
 */
export function formatRequest(view) {
  const { request } = view;
  const lines = [
    `Request   ${request.requestCode}  (${request.publicId})`,
    `Traveler  ${request.traveler.name}, ${request.traveler.document.type} ${request.traveler.document.country} ${request.traveler.document.number}`,
    `State     ${request.stateCode} ${request.stateDescription}${view.light ? `, light ${LIGHTS[view.light] ?? view.light}` : ''}`,
    `Travel    ${request.transportType}${request.flightNumber ? ` ${request.flightNumber}` : ''}, ${request.travelDate}`,
    `Invoices  ${request.invoices.length}, total ${money(request.totalAmount)}`,
  ];
  for (const invoice of request.invoices) {
    const release = invoice.release ? `  release ${invoice.release.code} (${invoice.release.customsOffice})` : '';
    lines.push(
      `  #${invoice.refundId}  ${invoice.invoiceNumber}  ${invoice.vendorName}  ${money(invoice.totalAmount)}  ${invoice.stateCode} ${invoice.stateDescription}${release}`,
    );
  }
  if (view.reasons?.length) {
    lines.push('Reasons');
    for (const reason of view.reasons) lines.push(`  - ${reason}`);
  }
  return lines;
}

/**
 * The answer of POST /scan as the kiosk's screen: the verdict first, then the request.
 * @param {ScanAnswer} result
 */
export function formatScan(result) {
  const headline =
    result.outcome === 'GRANTED'
      ? `GREEN — visa granted. ${result.message}`
      : `${LIGHTS[result.light] ?? 'CHECK'} — go to the customs office. ${result.message}`;
  return [headline, '', ...formatRequest(result)];
}
