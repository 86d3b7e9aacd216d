import type { KeyObject } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  generateQrSigningKey,
  loadOrCreateQrSigningKey,
  parseQrSigningKey,
  createQrService,
  type QrService,
} from '../modules/qr';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs, verifies and draws the QR codes of visa requests (modules/qr). */
    qr: QrService;
  }
}

export interface QrPluginOptions {
  /** QR_SIGNING_KEY: PKCS#8 PEM or its base64. Required in production (the configuration says so). */
  configuredKey: string | undefined;
  /** Without a configured key, outside tests: the generated key is kept in `<dataDir>/qr-signing-key.pem`. */
  dataDir: string;
  /** Tests: a key of this process only, nothing written to disk. */
  ephemeral: boolean;
  /** A key object given directly (tests that sign with a known key); wins over the rest. */
  privateKey?: KeyObject;
}

/** Decorates `app.qr`. Registered after the database plugin and before the modules (app.ts). */
export const qrPlugin = fp(
  async (app: FastifyInstance, options: QrPluginOptions) => {
    let privateKey = options.privateKey;
    if (!privateKey && options.configuredKey) privateKey = parseQrSigningKey(options.configuredKey);
    if (!privateKey && options.ephemeral) privateKey = generateQrSigningKey();
    if (!privateKey) {
      const loaded = loadOrCreateQrSigningKey(options.dataDir);
      privateKey = loaded.key;
      if (loaded.created)
        app.log.warn({ path: loaded.path }, 'QR_SIGNING_KEY is not set: generated a QR signing key for this machine');
    }
    const qr = createQrService({ privateKey });
    app.log.debug({ keyId: qr.keyId }, 'QR signing key loaded');
    app.decorate('qr', qr);
  },
  { name: 'varco-qr' },
);
