// The qr module's face (api/README.md, "Modules"): the signed QR codes of visa requests and their keys.
export { createQrService, qrIssuedAtSeconds, type QrService, type QrVerifyFailure } from './signer';
export {
  generateQrSigningKey,
  isQrSigningKey,
  loadOrCreateQrSigningKey,
  parseQrSigningKey,
  qrSigningKeyPem,
} from './keys';
