import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyClient, requireApiKey } from '../../api-keys';
import { AppError } from '../../app-error';
import { clientErrorAnswers, requestLanguage } from '../../plugins/errors';
import { appendVary } from '../../http-cache';
import type { ExitPointClient } from './repository';
import {
  decisionsBodySchema,
  exitPointViewSchema,
  publicIdParamsSchema,
  publicKeySchema,
  scanBodySchema,
  scanResultSchema,
} from './schemas';
import { createExitPointService, type ExitPointServiceDeps } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The kiosk or officer of the request's API key (exit point calls only). */
    exitPointClient: ExitPointClient | null;
  }
}

const tags = ['exit-point'];
const security = [{ exitPointApiKey: [] }];

export type ExitPointRoutesOptions = Partial<ExitPointServiceDeps>;

const clientOf = (request: FastifyRequest) => apiKeyClient(request, 'exitPointClient');

const LIGHTS: Readonly<Record<number, string>> = { 1: 'green', 5: 'yellow', 10: 'red' };

/**
 * The exit point, under `/api/v1/exit-point`: kiosks and customs officers scan the QR code of a visa request, officers
 * decide the red channel. Every call but the public key carries the client's API key in `x-api-key`; answers follow
 * `Accept-Language` (`requestLanguage`: any of the twelve languages).
 */
export const exitPointRoutes: FastifyPluginAsyncZod<ExitPointRoutesOptions> = async (app, options) => {
  const service = createExitPointService(app.db, { ...options, qr: options.qr ?? app.qr });
  const scans = app.metrics.counter({
    name: 'varco_exit_point_scans_total',
    help:
      'QR codes scanned at the exit point, by outcome (GRANTED, CUSTOMS_CHECK, REFUSED: a code or request the scan ' +
      'refuses, FAILED: an error of the api) and light (green, yellow, red, none).',
    labelNames: ['outcome', 'light'] as const,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  requireApiKey(app, 'exitPointClient', service.authenticate);

  app.get(
    '/public-key',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The public key that verifies the QR codes',
        description:
          'An Ed25519 JWK (RFC 8037) with its key id `kid`. A QR code holds `v1.<payload>.<signature>`: base64url of the JSON ' +
          '`{p: the request’s public id, i: issue time (Unix seconds), k: kid}` and of the Ed25519 signature of ' +
          '`v1.<payload>`. A kiosk fetches the key once and verifies codes offline; no API key needed.',
        response: { 200: publicKeySchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return app.qr.publicKey;
    },
  );

  app.post(
    '/scan',
    {
      schema: {
        tags,
        security,
        summary: 'Scan the QR code of a visa request',
        description:
          'Refused: a code that is damaged, altered or not signed by the agency (400 with the reason in `extra.token`), an ' +
          'unknown request (404), a code replaced by a newer one after a change of the request (409), a completed ' +
          '(already used) or expired request (409). A pending request is analysed at once: green → visa granted ' +
          '(GRANTED, invoices 100 with release date, code and the client’s customs office); yellow or red → CUSTOMS_CHECK ' +
          '(invoices 40). A request in completion (green light from the portal) → GRANTED. A request already under customs ' +
          'check → CUSTOMS_CHECK again. The answer says why (`reasons`) and what to tell the traveler (`message`). A request ' +
          'changed by others at each of three attempts is not judged: 503, to scan again after `retry-after` seconds.',
        body: scanBodySchema,
        response: { 200: scanResultSchema, ...clientErrorAnswers },
      },
    },
    async (request, reply) => {
      appendVary(reply, 'Accept-Language');
      try {
        const result = await service.scan(clientOf(request), request.body.token, requestLanguage(request));
        scans.inc({ outcome: result.outcome, light: (result.light && LIGHTS[result.light]) ?? 'none' });
        return result;
      } catch (error) {
        scans.inc({ outcome: error instanceof AppError ? 'REFUSED' : 'FAILED', light: 'none' });
        throw error;
      }
    },
  );

  app.get(
    '/requests/:publicId',
    {
      schema: {
        tags,
        security,
        summary: 'A visa request as the officer sees it (officers only)',
        description:
          'The traveler’s name and document, the state, the light and its reasons, the invoices. A kiosk key answers 403.',
        params: publicIdParamsSchema,
        response: { 200: exitPointViewSchema, ...clientErrorAnswers },
      },
    },
    async (request) => service.find(clientOf(request), request.params.publicId, requestLanguage(request)),
  );

  app.post(
    '/requests/:publicId/decisions',
    {
      schema: {
        tags,
        security,
        summary: 'Decide the invoices under customs check (officers only)',
        description:
          'Per invoice (refund id) of a request in customs check (20, else 409): GRANTED (100, with release data), DENIED (10) ' +
          'or NOT_SELECTED (50). An invoice not waiting for a decision answers 400. When no invoice is left at 40 the ' +
          'request is completed (100). A kiosk key answers 403.',
        params: publicIdParamsSchema,
        body: decisionsBodySchema,
        response: { 200: exitPointViewSchema, ...clientErrorAnswers },
      },
    },
    async (request) =>
      service.decide(clientOf(request), request.params.publicId, request.body, requestLanguage(request)),
  );
};
