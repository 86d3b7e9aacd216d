import {
  idParamSchema,
  apiErrorSchema,
  createVisaBodySchema,
  pageQuerySchema,
  startRiskAnalysisBodySchema,
  updateVisaBodySchema,
  visaIdResponseSchema,
  visaListResponseSchema,
  visaSchema,
  visaStateQuerySchema,
} from '@varco/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { callLanguage } from '../../plugins/errors';
import { languageQuery, ownAnswer, privatePdf, travelerErrors } from '../../traveler-calls';
import { pollingCall, POLLING_RATE_LIMIT_MAX } from '../../plugins/polling-limit';
import { requireSession } from '../auth';
import { createVisaService, type VisaServiceDeps } from './service';

const tags = ['visas'];
const errors = travelerErrors;
const notFound = { 404: apiErrorSchema };
const conflict = { 409: apiErrorSchema };
const language = languageQuery;
const idParams = z.object({ id: idParamSchema });

/** The keep-alive's answer: nothing to keep. */
const KEEP_ALIVE_CACHE_CONTROL = 'no-store';

export type VisaRoutesOptions = Omit<VisaServiceDeps, 'qr'> & Partial<Pick<VisaServiceDeps, 'qr'>>;

/** The visa request calls of docs/calls.md under `/api/v1/private/visa`: each reads and changes the signed-in traveler's own. */
export const visaRoutes: FastifyPluginAsyncZod<VisaRoutesOptions> = async (app, options) => {
  const service = createVisaService(app.db, { ...options, qr: options.qr ?? app.qr });

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create a visa request',
        description:
          'Invoices (refund ids: the traveler’s own, available, within their exit deadline, each once) and the travel (docs/domain.md ' +
          'Visa step 2). The request is pending (1) and its invoices in progress (90). A traveler has one pending request at a ' +
          'time: while one is pending, a new one answers 409 (its request code in the detail). An invoice held by another request ' +
          'answers 409. Per-field messages are in `extra` (`invoices`, `travel.<field>`).',
        querystring: z.object(language),
        body: createVisaBodySchema,
        response: { 200: visaIdResponseSchema, ...errors, ...conflict },
      },
    },
    async (request, reply) => ownAnswer(request, reply, (travelerId) => service.create(travelerId, request.body)),
  );

  app.put(
    '',
    {
      schema: {
        tags,
        summary: 'Change a pending visa request',
        description:
          'The same body with the id. Only a pending request (else 409); removed invoices become available again; a new QR code is issued.',
        querystring: z.object(language),
        body: updateVisaBodySchema,
        response: { 200: visaIdResponseSchema, ...errors, ...notFound, ...conflict },
      },
    },
    async (request, reply) => ownAnswer(request, reply, (travelerId) => service.update(travelerId, request.body)),
  );

  app.get(
    '/list',
    {
      schema: {
        tags,
        summary: 'The visa requests',
        description:
          'The traveler’s requests, newest first, `limit` per page (`page` from 0), with their total count. `stateCode` keeps ' +
          'the requests in that state only (1: the pending request, at most one).',
        querystring: z.extend(pageQuerySchema, { ...language, stateCode: z.optional(visaStateQuerySchema) }),
        response: { 200: visaListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { page, limit, stateCode } = request.query;
      return ownAnswer(request, reply, (travelerId, language) =>
        service.list(travelerId, page, limit, language, stateCode),
      );
    },
  );

  app.put(
    '/area',
    {
      // A polling call (every 30 s per signed-in traveler): no log line per request (errors are still logged), its own
      // limit per session rather than the global one per address, and an empty answer sent as it is (no serializer).
      logLevel: 'warn',
      // Its warm case, answered before Fastify (plugins/polling-path.ts): the same empty 204 as the handler below.
      ...pollingCall(app, 'visa-area', {
        status: 204,
        headers: { 'cache-control': KEEP_ALIVE_CACHE_CONTROL },
        body: () => '',
      }),
      schema: {
        tags,
        summary: 'Keep-alive',
        description: `Sent every 30 seconds while signed in (docs/calls.md, docs/domain.md): keeps the session alive. No other work. At most ${POLLING_RATE_LIMIT_MAX} a minute per session.`,
        response: { 204: z.null(), ...errors, 429: apiErrorSchema },
      },
    },
    (_request, reply) => {
      // No payload at all: `send(null)` would go through the serializer for nothing.
      (reply as FastifyReply).header('cache-control', KEEP_ALIVE_CACHE_CONTROL).code(204).send();
    },
  );

  app.post(
    '/start-risk-analysis',
    {
      schema: {
        tags,
        summary: 'Start the risk analysis of a pending request',
        description:
          'Scores the request (docs/domain.md): green → 50 in completion (invoices granted, in completion: go airside); yellow or red → ' +
          '20 customs check (invoices 40). Only a pending request (else 409). Answers the request as it now is.',
        querystring: z.object(language),
        body: startRiskAnalysisBodySchema,
        response: { 200: visaSchema, ...errors, ...notFound, ...conflict },
      },
    },
    async (request, reply) =>
      ownAnswer(request, reply, (travelerId, language) =>
        service.startRiskAnalysis(travelerId, request.body.id, language),
      ),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One visa request',
        description:
          'With its invoices, its travel (coded fields described in the language), its risk analysis and, in states 1, 50 and 20, its QR code (base64 PNG).',
        params: idParams,
        querystring: z.object(language),
        response: { 200: visaSchema, ...errors, ...notFound },
      },
    },
    async (request, reply) =>
      ownAnswer(request, reply, (travelerId, language) => service.detail(travelerId, request.params.id, language)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a pending visa request',
        description: 'Only a pending request (else 409); its invoices become available again.',
        params: idParams,
        response: { 204: z.null(), ...errors, ...notFound, ...conflict },
      },
    },
    async (request, reply) => {
      await service.remove(requireSession(request).traveler_id, request.params.id);
      return reply.header('cache-control', 'no-store').status(204).send(null);
    },
  );

  app.get(
    '/:id/download',
    {
      schema: {
        tags,
        summary: 'The visa request as a PDF',
        description:
          'The request, its invoices and its QR code, in the language asked for. The file name is in content-disposition.',
        params: idParams,
        querystring: z.object(language),
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const travelerId = requireSession(request).traveler_id;
      const { filename, pdf } = await service.pdf(travelerId, id, callLanguage(request, request.query));
      return privatePdf(reply, filename, pdf);
    },
  );
};
