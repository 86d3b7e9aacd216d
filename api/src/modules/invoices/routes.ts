import {
  apiErrorSchema,
  invoiceDetailQuerySchema,
  invoiceFilterSchema,
  invoiceSchema,
  invoicesPerYearResponseSchema,
  latestInvoicesResponseSchema,
  pageQuerySchema,
  releasePdfFilename,
} from '@varco/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { callLanguage } from '../../plugins/errors';
import { languageQuery, ownAnswer, privatePdf, travelerErrors } from '../../traveler-calls';
import { requireSession } from '../auth';
import { createInvoiceService } from './service';

const tags = ['invoices'];
const errors = travelerErrors;
const language = languageQuery;

/** The traveler's invoice calls of docs/calls.md, under `/api/v1/private/invoices`; each answers for the signed-in traveler only. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createInvoiceService(app.db);

  app.get(
    '/latest',
    {
      schema: {
        tags,
        summary: 'The latest invoices',
        description:
          'The traveler’s invoices, newest issue first, `limit` per page (`page` from 0), with their total count.',
        querystring: z.extend(pageQuerySchema, language),
        response: { 200: latestInvoicesResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      ownAnswer(request, reply, (travelerId, language) =>
        service.latest(travelerId, request.query.page, request.query.limit, language),
      ),
  );

  app.get(
    '/usable',
    {
      schema: {
        tags,
        summary: 'The invoices a new visa request can hold',
        description:
          'Available invoices (states 1 and 30) whose exit deadline (end of the third month after issue, Europe/Rome) has not passed.',
        querystring: z.object(language),
        response: { 200: latestInvoicesResponseSchema, ...errors },
      },
    },
    async (request, reply) => ownAnswer(request, reply, (travelerId, language) => service.usable(travelerId, language)),
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
    async (request, reply) =>
      ownAnswer(request, reply, (travelerId, language) =>
        service.detail(travelerId, request.query.idRichiestaRimborso, language),
      ),
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
    async (request, reply) =>
      ownAnswer(request, reply, (travelerId, language) =>
        service.perYear(travelerId, request.query.statoFattura, language),
      ),
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
      const pdf = await service.releasePdf(
        requireSession(request).traveler_id,
        idRichiestaRimborso,
        callLanguage(request, request.query),
      );
      return privatePdf(reply, releasePdfFilename(idRichiestaRimborso), pdf);
    },
  );
};
