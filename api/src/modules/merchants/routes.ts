import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyClient, requireApiKey } from '../../api-keys';
import { requestLanguage } from '../../plugins/errors';
import type { MerchantRecord } from './repository';
import {
  creditNoteBodySchema,
  issueInvoiceBodySchema,
  merchantContactBodySchema,
  merchantContactSchema,
  merchantErrors,
  merchantInvoiceSchema,
  refundIdParamsSchema,
} from './schemas';
import { createMerchantService } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The merchant of the request's API key (merchant intake calls only). */
    merchant: MerchantRecord | null;
  }
}

const tags = ['merchant'];
const security = [{ merchantApiKey: [] }];

const merchantOf = (request: FastifyRequest) => apiKeyClient(request, 'merchant');

/**
 * Every route of `app` needs a merchant's live API key (401 otherwise); its merchant is `request.merchant`. For the
 * merchants' calls of other modules (the claims), registered under the same prefix.
 */
export function requireMerchantKey(app: FastifyInstance): (request: FastifyRequest) => MerchantRecord {
  requireApiKey(app, 'merchant', createMerchantService(app.db).authenticate);
  return merchantOf;
}

/**
 * Merchant intake, under `/api/v1/merchant`: vendors and brokers issue tax-free invoices and cancel them with credit
 * notes. Every call carries the merchant's API key in `x-api-key`; a merchant reaches only the invoices it sent.
 */
export const merchantRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createMerchantService(app.db);
  requireMerchantKey(app);

  app.post(
    '/invoices',
    {
      schema: {
        tags,
        security,
        summary: 'Issue a tax-free invoice',
        description:
          'Rules: the total is above 70 EUR with at most two decimals, the VAT below the total; the issue date (Europe/Rome) ' +
          'is not in the future and its exit deadline (end of the third month after issue) has not passed; the traveler’s ' +
          'identity document (type, issuing country, number) is present and its codes known (see the typology calls); a ' +
          'vendor issues each number once a year (409 otherwise). A broker names the vendor; a vendor’s key issues for ' +
          'itself. The answer holds the refund id and request code. The invoice reaches the traveler who holds that ' +
          'document, now or when they register.',
        body: issueInvoiceBodySchema,
        response: { 201: merchantInvoiceSchema, ...merchantErrors },
      },
    },
    async (request, reply) => {
      const invoice = await service.issue(merchantOf(request), request.body, requestLanguage(request));
      return reply
        .status(201)
        .header('location', `${request.url.replace(/\/$/, '')}/${invoice.refundId}`)
        .send(invoice);
    },
  );

  app.get(
    '/invoices/:refundId',
    {
      schema: {
        tags,
        security,
        summary: 'One of the merchant’s invoices',
        description: 'Its state, and its visa release (date, code, customs office) once customs has granted it.',
        params: refundIdParamsSchema,
        response: { 200: merchantInvoiceSchema, ...merchantErrors },
      },
    },
    async (request) => service.find(merchantOf(request), request.params.refundId, requestLanguage(request)),
  );

  app.post(
    '/invoices/:refundId/credit-note',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel an invoice with a credit note',
        description:
          'Only an invoice not yet in a visa request (state 1 or 30) can be cancelled (409 otherwise); it then disappears ' +
          'from the traveler’s lists. The credit note is dated today or earlier, not before the invoice.',
        params: refundIdParamsSchema,
        body: creditNoteBodySchema,
        response: { 200: merchantInvoiceSchema, ...merchantErrors },
      },
    },
    async (request) =>
      service.creditNote(merchantOf(request), request.params.refundId, request.body, requestLanguage(request)),
  );

  app.get(
    '/contact',
    {
      schema: {
        tags,
        security,
        summary: 'Where the merchant is told of claims',
        description:
          'The address that the mail of each new claim goes to (none: no mail), and the language of those mails.',
        response: { 200: merchantContactSchema, ...merchantErrors },
      },
    },
    async (request) => service.contact(merchantOf(request)),
  );

  app.put(
    '/contact',
    {
      schema: {
        tags,
        security,
        summary: 'Set where the merchant is told of claims',
        description:
          'A new claim of a traveler is mailed to `email`, in `language` (Italian unless told; one of the twelve server ' +
          'codes), with nothing in it but the claim’s code: read the claim with `GET /api/v1/merchant/claims/{code}`. ' +
          '`email: null` stops the mails; the open claims are still listed by `GET /api/v1/merchant/claims`.',
        body: merchantContactBodySchema,
        response: { 200: merchantContactSchema, ...merchantErrors },
      },
    },
    async (request) => service.setContact(merchantOf(request), request.body),
  );
};
