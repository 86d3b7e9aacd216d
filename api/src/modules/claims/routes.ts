import { apiErrorSchema } from '@varco/contracts';
import {
  claimListQuerySchema,
  claimListResponseSchema,
  claimSchema,
  missingInvoiceClaimBodySchema,
  shopQuerySchema,
  shopsResponseSchema,
  wrongInvoiceClaimBodySchema,
} from '@varco/contracts/claims';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers, requestLanguage } from '../../plugins/errors';
import { privateAnswer, travelerErrors } from '../../traveler-calls';
import { requireSession } from '../auth';
import { merchantErrors, requireMerchantKey } from '../merchants';
import {
  claimCodeParamsSchema,
  claimIdParamsSchema,
  declineBodySchema,
  merchantClaimListQuerySchema,
  merchantClaimListSchema,
  merchantClaimSchema,
  reissueAnswerSchema,
  reissueBodySchema,
} from './schemas';
import { createClaimService } from './service';

const tags = ['claims'];

/**
 * The traveler's claims (docs/domain.md, "Claims"), under `/api/v1/private/claims`: the shops to find, a claim about a
 * missing or a wrong invoice, the traveler's own claims and their withdrawal. Each answers for the signed-in traveler
 * only; a claim never tells whether an invoice exists or whose it is.
 */
export const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createClaimService(app.db, { limits: app.limits.accounts });
  const errors = { ...travelerErrors, 429: apiErrorSchema };
  const travelerOf = (request: Parameters<typeof requireSession>[0]) => requireSession(request).traveler_id;
  const limitNote = `${app.limits.accounts.settings.claimsPerDay} claims a day per traveler (429 with Retry-After).`;

  app.get(
    '/shops',
    {
      schema: {
        tags,
        summary: 'The shops that issue through Varco',
        description:
          'Those whose name holds `q`, or whose VAT number does (spaces aside), by name, at most 10: where a claim about a ' +
          'missing invoice is sent.',
        querystring: shopQuerySchema,
        response: { 200: shopsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return service.shops(request.query.q);
    },
  );

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'The traveler’s claims',
        description:
          'Newest first, `limit` per page (`page` from 0), with their total count; `invoice` (a refund id) keeps those ' +
          'about that invoice of the traveler, `state` those in that state.',
        querystring: claimListQuerySchema,
        response: { 200: claimListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const { page, limit, invoice, state } = request.query;
      return service.travelerClaims(
        travelerOf(request),
        { invoiceId: invoice, state },
        { limit, offset: page * limit },
      );
    },
  );

  app.post(
    '/missing-invoice',
    {
      schema: {
        tags,
        summary: 'Claim an invoice that never appeared',
        description:
          'What the shop’s receipt shows: the shop (a VAT number the shop search answered), the invoice number, the issue ' +
          'date (not in the future, its exit deadline not passed) and the total (above 70 EUR). It goes to the shop’s ' +
          'merchant with the traveler’s name and travel document as the account holds them. The answer is the claim, ' +
          'whatever the merchant holds: 409 only for an invoice among the traveler’s own (or in their visa request) and ' +
          `for an open claim about the same invoice. ${limitNote}`,
        body: missingInvoiceClaimBodySchema(),
        response: { 201: claimSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const claim = await service.claimMissing(travelerOf(request), request.body);
      return privateAnswer(reply).status(201).send(claim);
    },
  );

  app.post(
    '/wrong-invoice',
    {
      schema: {
        tags,
        summary: 'Claim that an invoice is wrong',
        description:
          'One of the traveler’s invoices while it is available (not in a visa request: 409; not decided and within its ' +
          'exit deadline: 409), another traveler’s or unknown: 404. What is wrong, and a note (required for goods or ' +
          `amounts and other). It goes to the merchant that issued the invoice. ${limitNote}`,
        body: wrongInvoiceClaimBodySchema,
        response: { 201: claimSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const claim = await service.claimWrong(travelerOf(request), request.body);
      return privateAnswer(reply).status(201).send(claim);
    },
  );

  app.post(
    '/:id/withdraw',
    {
      schema: {
        tags,
        summary: 'Withdraw an open claim',
        description: 'Only while it is open (409 once answered); another traveler’s or unknown: 404.',
        params: claimIdParamsSchema,
        response: { 200: claimSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return service.withdraw(travelerOf(request), request.params.id);
    },
  );
};

/**
 * The merchants' side of the claims, under `/api/v1/merchant/claims`, with the merchant's API key: its claims, one
 * claim, and its answer. A merchant reaches only the claims addressed to it (another's: 404).
 */
export const merchantClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createClaimService(app.db, { limits: app.limits.accounts });
  const merchantOf = requireMerchantKey(app);
  const merchantTags = ['merchant', ...tags];
  const security = [{ merchantApiKey: [] }];
  const closedErrors = { ...merchantErrors, ...errorAnswers(409) };

  app.get(
    '',
    {
      schema: {
        tags: merchantTags,
        security,
        summary: 'The claims addressed to the merchant',
        description:
          'In `state` (OPEN by default), oldest first, `limit` per page (`page` from 0), with their total count.',
        querystring: merchantClaimListQuerySchema,
        response: { 200: merchantClaimListSchema, ...merchantErrors },
      },
    },
    async (request) => {
      const { state, page, limit } = request.query;
      return service.merchantClaims(
        merchantOf(request),
        state,
        { limit, offset: page * limit },
        requestLanguage(request),
      );
    },
  );

  app.get(
    '/:code',
    {
      schema: {
        tags: merchantTags,
        security,
        summary: 'One claim',
        description:
          'By the code its mail gives: what the traveler sent, their name and travel document, and the merchant’s own ' +
          'invoice the claim is about when there is one.',
        params: claimCodeParamsSchema,
        response: { 200: merchantClaimSchema, ...merchantErrors },
      },
    },
    async (request) => service.merchantClaim(merchantOf(request), request.params.code, requestLanguage(request)),
  );

  app.post(
    '/:code/reissue',
    {
      schema: {
        tags: merchantTags,
        security,
        summary: 'Put the claim right: issue the invoice again',
        description:
          'In one transaction: a credit note (`creditNoteNumber`) cancels the wrong invoice — the one the claim names, or ' +
          '`creditedRefundId` — while it stands (409 when it is in a visa request), and a new invoice (`invoiceNumber`, ' +
          'once a year per vendor: 409) is issued to the traveler’s travel document with the wrong invoice’s issue date ' +
          '(the receipt’s without one), so its exit deadline stays (409 once passed), with its amounts or those given. The ' +
          'claim is then REISSUED and the traveler notified. Only an open claim (409 otherwise): of two answers at once, ' +
          'one wins.',
        params: claimCodeParamsSchema,
        body: reissueBodySchema,
        response: { 200: reissueAnswerSchema, ...closedErrors },
      },
    },
    async (request) =>
      service.reissue(merchantOf(request), request.params.code, request.body, requestLanguage(request)),
  );

  app.post(
    '/:code/decline',
    {
      schema: {
        tags: merchantTags,
        security,
        summary: 'Decline the claim',
        description:
          'With a reason of the list and a note for the traveler (required with OTHER). The claim is then DECLINED and ' +
          'the traveler notified. Only an open claim (409 otherwise).',
        params: claimCodeParamsSchema,
        body: declineBodySchema,
        response: { 200: merchantClaimSchema, ...closedErrors },
      },
    },
    async (request) =>
      service.decline(merchantOf(request), request.params.code, request.body, requestLanguage(request)),
  );
};
