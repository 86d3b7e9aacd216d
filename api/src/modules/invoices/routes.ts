import {
  apiErrorSchema,
  invoiceDetailQuerySchema,
  invoiceFilterSchema,
  invoiceSchema,
  invoicesPerYearResponseSchema,
  latestInvoicesResponseSchema,
  pageQuerySchema,
  releasePdfFilename,
  serverLanguageSchema,
  type ServerLanguage,
} from '@varco/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { requestLanguage } from '../../plugins/errors';
import { requireSession } from '../auth';
import { createInvoiceService } from './service';

const tags = ['invoices'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
/** docs/calls.md: invoice calls send the current language, which wins over Accept-Language. */
const language = { language: z.optional(serverLanguageSchema) };

const languageOf = (request: FastifyRequest, query: { language?: ServerLanguage | undefined }) => query.language ?? requestLanguage(request);
/** A traveler's own data: never kept by a shared cache, nor by the browser's (the portal caches it itself, docs/calls.md). */
const privateAnswer = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

/** The traveler's invoice calls of docs/calls.md, under `/api/v1/private/invoices`; each answers for the signed-in traveler only. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createInvoiceService(app.db);

  app.get(
    '/latest',
    {
      schema: {
        tags,
        summary: 'The latest invoices',
        description: 'The traveler’s invoices, newest issue first, `limit` per page (`page` from 0), with their total count.',
        querystring: z.extend(pageQuerySchema, language),
        response: { 200: latestInvoicesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return service.latest(requireSession(request).traveler_id, request.query.page, request.query.limit, languageOf(request, request.query));
    },
  );

  app.get(
    '/usable',
    {
      schema: {
        tags,
        summary: 'The invoices a new visa request can hold',
        description: 'Available invoices (states 1 and 30) whose exit deadline (end of the third month after issue, Europe/Rome) has not passed.',
        querystring: z.object(language),
        response: { 200: latestInvoicesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return service.usable(requireSession(request).traveler_id, languageOf(request, request.query));
    },
  );

  app.get(
    '/detail',
    {
      schema: {
        tags,
        summary: 'One invoice',
        description: 'By its refund id; an invoice of another traveler, cancelled or unknown answers 404.',
        querystring: z.extend(invoiceDetailQuerySchema, language),
        response: { 200: invoiceSchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return service.detail(requireSession(request).traveler_id, request.query.idRichiestaRimborso, languageOf(request, request.query));
    },
  );

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'The invoices of a tab, per year',
        description:
          '`statoFattura`: TUTTE every invoice; SOLO_EMESSE the available ones, those a new visa request can hold (1, 30, exit deadline not passed: the same as /usable); SOLO_COMPLETATE those customs has decided ' +
          '(100 granted, 50 not selected, 10 and 20 denied). Grouped per year of issue, the latest year and invoice first.',
        querystring: z.object({ statoFattura: z._default(invoiceFilterSchema, 'TUTTE'), ...language }),
        response: { 200: invoicesPerYearResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return service.perYear(requireSession(request).traveler_id, request.query.statoFattura, languageOf(request, request.query));
    },
  );

  app.get(
    '/downloadRelease',
    {
      schema: {
        tags,
        summary: 'The release PDF of an invoice',
        description:
          'A PDF of the invoice and its visa release (date, code, customs office; or a note that the visa is not granted yet), ' +
          'in the language asked for. The file name is in content-disposition.',
        querystring: z.extend(invoiceDetailQuerySchema, language),
        produces: ['application/pdf'],
        // No response schema: the answer is a file (errors are the usual { detail }).
      },
    },
    async (request, reply) => {
      const { idRichiestaRimborso } = request.query;
      const pdf = await service.releasePdf(requireSession(request).traveler_id, idRichiestaRimborso, languageOf(request, request.query));
      privateAnswer(reply);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${releasePdfFilename(idRichiestaRimborso)}"`)
        .send(pdf);
    },
  );
};
