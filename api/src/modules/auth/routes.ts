import {
  HOME_INVOICES_LIMIT,
  HOME_VISAS_LIMIT,
  loginCustomBodySchema,
  sendOtpResponseSchema,
  serverLanguageSchema,
  userInfoSchema,
} from '@varco/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { Kysely } from 'kysely';
import { AppError } from '../../app-error';
import type { Database } from '../../db/types';
import { errorAnswers, requestLanguage } from '../../plugins/errors';
import { requireSession } from './session-plugin';
import type { OidcClient } from '../oidc';
import { toUserInfo } from './user-info';

/**
 * Sign-in attempts per client address and minute, by default (`LOGIN_RATE_LIMIT_MAX`): generous, because the travelers
 * of an airport share its address; the per-account limits (plugins/limits/account-limits.ts) stop guessing one account.
 */
export const LOGIN_RATE_LIMIT_MAX = 60;
/** OTP mails per session (or client address without one) and minute. */
export const SEND_OTP_RATE_LIMIT_MAX = 5;

const errors = errorAnswers(400, 401, 403, 429);

/** `POST /api/v1/auth/login-custom` (docs/calls.md identity calls): the credentials step of the sign-in. */
export const identityRoutes: FastifyPluginAsyncZod<{ loginRateLimitMax?: number }> = async (app, options) => {
  const max = options.loginRateLimitMax ?? LOGIN_RATE_LIMIT_MAX;
  app.post(
    '/login-custom',
    {
      config: { rateLimit: { max, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        description:
          'The username is the e-mail. Success opens a session (cookie `varco_session`) that can only ask for the OTP ' +
          '(`POST /private/traveler/send-otp`) and present it (`GET /private/traveler/user-info` with `x-otp`). ' +
          `At most ${max} attempts per minute per client address. After ${app.limits.accounts.settings.signInFailures} wrong passwords ` +
          'the account (the username, whether or not it exists) is locked, 1 minute and doubling at each further wrong one up to an hour: ' +
          '429 with Retry-After, the right password included.',
        body: loginCustomBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      // A sign-in replaces the session this browser held.
      if (request.session) await app.auth.logout(request.session);
      const { token, expiresAt } = await app.auth.login(request.body.username, request.body.password);
      app.sessionCookie.set(reply, token, expiresAt);
      reply.header('cache-control', 'no-store');
      return reply.status(204).send(null);
    },
  );
};

const sessionKey = (request: FastifyRequest) => request.session?.token_hash ?? request.ip;

export interface TravelerSessionRoutesOptions {
  /** The digital identity provider's client, for the logout of its travelers. */
  oidc?: OidcClient | undefined;
  /** Whether the traveler has a visa request pending (user-info's visaCreationEnabled is its negation): the visas module's. */
  hasPendingVisa: (db: Kysely<Database>, travelerId: number) => Promise<boolean>;
  /** How many invoices the home lists for the traveler, and how many of them are available (user-info's): the invoices module's. */
  homeInvoiceCounts: (db: Kysely<Database>, travelerId: number) => Promise<{ shown: number; available: number }>;
  /** How many visa requests the home lists for the traveler (user-info's homeVisaRequestCount): the visas module's. */
  homeVisaRequestCount: (db: Kysely<Database>, travelerId: number) => Promise<number>;
  publicBaseUrl?: string;
}

/** The private traveler calls of the sign-in: send-otp, user-info (the OTP check), logout. */
export const travelerSessionRoutes: FastifyPluginAsyncZod<TravelerSessionRoutesOptions> = async (app, options) => {
  app.post(
    '/traveler/send-otp',
    {
      config: { rateLimit: { max: SEND_OTP_RATE_LIMIT_MAX, timeWindow: '1 minute', keyGenerator: sessionKey } },
      schema: {
        tags: ['auth'],
        summary: 'Mail a sign-in code',
        description:
          `A 6-digit code valid for 5 minutes, mailed to the traveler; earlier codes stop working. At most ${SEND_OTP_RATE_LIMIT_MAX} per minute per session, ` +
          `and ${app.limits.accounts.settings.otpMailsPerHour} per hour per account (429 with Retry-After).`,
        querystring: z.object({ language: z.optional(serverLanguageSchema) }),
        response: { 200: sendOtpResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      await app.limits.accounts.takeMail('otp', `traveler:${session.traveler_id}`);
      const { expirationDate } = await app.auth.sendOtp(session, request.query.language ?? requestLanguage(request));
      reply.header('cache-control', 'no-store');
      return { expirationDate: expirationDate.toISOString() };
    },
  );

  app.get(
    '/traveler/user-info',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in traveler',
        description:
          'On a session waiting for its OTP, the `x-otp` header carries the code: a valid one completes the sign-in. ' +
          '`homeInvoiceCount` and `homeVisaRequestCount`: how many items the home lists, the traveler’s invoices and ' +
          `visa requests counted up to ${HOME_INVOICES_LIMIT} and ${HOME_VISAS_LIMIT}, and \`homeAvailableInvoiceCount\` how many of those ` +
          'invoices are available: the home keeps their place at that size while they load.',
        response: { 200: userInfoSchema, ...errors },
      },
    },
    async (request, reply) => {
      const traveler = await app.auth.traveler(requireSession(request));
      if (!traveler) throw new AppError(401, { key: 'unauthorized' });
      reply.header('cache-control', 'no-store');
      const [pending, homeInvoices, homeVisaRequests] = await Promise.all([
        options.hasPendingVisa(app.db, traveler.id),
        options.homeInvoiceCounts(app.db, traveler.id),
        options.homeVisaRequestCount(app.db, traveler.id),
      ]);
      // docs/domain.md Wizard, docs/domain.md: a new visa request may be added only while none is pending.
      return toUserInfo(traveler, !pending, {
        homeInvoiceCount: homeInvoices.shown,
        homeAvailableInvoiceCount: homeInvoices.available,
        homeVisaRequestCount: homeVisaRequests,
      });
    },
  );

  app.post(
    '/v1/traveler/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out',
        description:
          'Deletes the session and clears its cookie. For a traveler of the digital identity provider the 204 also carries ' +
          "`Location`: the provider's logout page, which brings the browser back to the site root (docs/calls.md); the portal navigates there.",
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const traveler = await app.auth.traveler(session);
      await app.auth.logout(session);
      app.sessionCookie.clear(reply);
      if (traveler?.identity_provider === 'SPID' && options.oidc && options.publicBaseUrl) {
        try {
          const url = await options.oidc.endSessionUrl(options.publicBaseUrl, `${options.publicBaseUrl}/`);
          if (url) reply.header('location', url.href);
        } catch (error) {
          request.log.warn({ err: error }, 'no logout page of the digital identity provider');
        }
      }
      return reply.status(204).send(null);
    },
  );
};
