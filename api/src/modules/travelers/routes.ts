import {
  activationQuerySchema,
  changePasswordBodySchema,
  emailIssue,
  HEADERS,
  otpValidateQuerySchema,
  otpValidateResponseSchema,
  PASSWORD_MIN_LENGTH,
  recoverPasswordBodySchema,
  registrationPayloadSchema,
  travelerSchema,
} from '@varco/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { AppError } from '../../app-error';
import { errorAnswers } from '../../plugins/errors';
import { accountKey } from '../../plugins/limits/account-limits';
import { requireSession } from '../auth';
import { verifyCaptcha } from '../captcha';
import { accountRuleProblem } from './field-problems';
import { createPasswordRecoveryService } from './password-recovery';
import { createProfileService } from './profile';
import { createRegistrationService } from './registration';

/** Registrations per client address and minute, by default (`REGISTRATION_RATE_LIMIT_MAX`). */
export const REGISTRATION_RATE_LIMIT_MAX = 10;
/** Password-recovery mails asked per client address and minute (an airport shares one address; per account: plugins/limits). */
export const RECOVERY_RATE_LIMIT_MAX = 20;

const errors = errorAnswers(400, 401, 403, 409, 429);

export interface TravelerRoutesOptions {
  publicBaseUrl: string;
  /** `CAPTCHA_TEST_ANSWER` (browser tests only). */
  captchaTestAnswer?: string | undefined;
  /** Registrations per client address and minute (REGISTRATION_RATE_LIMIT_MAX by default). */
  registrationRateLimitMax?: number;
}

const headerValue = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The public calls of the account (docs/calls.md): registration, activation, password recovery and change. */
export const travelerPublicRoutes: FastifyPluginAsyncZod<TravelerRoutesOptions> = async (app, options) => {
  const registrationsPerMinute = options.registrationRateLimitMax ?? REGISTRATION_RATE_LIMIT_MAX;
  const registration = createRegistrationService(app.db, { publicBaseUrl: options.publicBaseUrl });
  const recovery = createPasswordRecoveryService(app.db, {
    publicBaseUrl: options.publicBaseUrl,
    sessionsEnded: app.auth.sessionsEnded,
  });

  app.post(
    '/traveler',
    {
      config: { rateLimit: { max: registrationsPerMinute, timeWindow: '1 minute' } },
      // The captcha first, before the body is even looked at (each challenge allows one attempt).
      preValidation: async (request) => {
        const verification = await verifyCaptcha(
          app.db,
          headerValue(request, HEADERS.captchaToken),
          headerValue(request, HEADERS.captchaValue),
          {
            testAnswer: options.captchaTestAnswer,
          },
        );
        if (!verification.valid) {
          request.log.info({ reason: verification.reason }, 'registration captcha refused');
          throw new AppError(400, { key: 'captcha.invalid' }, { generic: { key: 'captcha.invalid' } });
        }
      },
      schema: {
        tags: ['travelers'],
        summary: 'Register a traveler',
        description:
          'The captcha value and token travel in the `x-captcha-value` / `x-captcha-token` headers and are checked first. ' +
          'docs/domain.md rules, with one message per payload field in `extra`. Creates the account PENDING and mails its ' +
          `activation link (valid 48 hours). An e-mail or document already registered answers 409. At most ${registrationsPerMinute} per minute ` +
          `per client address, and ${app.limits.accounts.settings.mailsPerHour} per hour per e-mail (429 with Retry-After).`,
        body: registrationPayloadSchema,
        response: { 201: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      // Each registration of an e-mail mails it an activation link (again, while the account is pending).
      await app.limits.accounts.takeMail('activation', accountKey(request.body.email));
      await registration.register(request.body);
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(null);
    },
  );

  app.get(
    '/traveler/activate',
    {
      schema: {
        tags: ['travelers'],
        summary: 'Activate an account',
        description: 'The key pair of the activation mail; single-use, valid 48 hours.',
        querystring: activationQuerySchema,
        response: { 200: z.object({}), ...errors },
      },
    },
    async (request, reply) => {
      await registration.activate(request.query.key1, request.query.key2);
      reply.header('cache-control', 'no-store');
      return {};
    },
  );

  app.post(
    '/traveler/send-change-pwd-token',
    {
      config: { rateLimit: { max: RECOVERY_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
      schema: {
        tags: ['travelers'],
        summary: 'Mail a password-reset link',
        description:
          'Always 204, whether or not the address belongs to an account. An active account gets a link valid 1 hour ' +
          `(earlier links stop working). At most ${RECOVERY_RATE_LIMIT_MAX} per minute per client address, and ` +
          `${app.limits.accounts.settings.mailsPerHour} per hour per address asked for, known or not (429 with Retry-After).`,
        body: recoverPasswordBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const issue = emailIssue(request.body.email);
      if (issue) throw new AppError(400, { key: 'validationFailed' }, { email: accountRuleProblem(issue) });
      const { email, lan } = request.body;
      // Counted by the address asked for, so an unknown address and an account are limited alike.
      await app.limits.accounts.takeMail('password-reset', accountKey(email));
      // Not awaited: an unknown address and an account must answer in the same time.
      app.background.run('password reset', () => recovery.sendPasswordReset(email.trim(), lan));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/otp/validate',
    {
      schema: {
        tags: ['travelers'],
        summary: 'Check a password-reset link',
        description: 'Whether the key pair can still be used; it is not consumed.',
        querystring: otpValidateQuerySchema,
        response: { 200: otpValidateResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { valid: await recovery.resetKeyIsValid(request.query.key1, request.query.key2) };
    },
  );

  app.patch(
    '/traveler/change-pwd',
    {
      schema: {
        tags: ['travelers'],
        summary: 'Set a new password',
        description:
          `With the key pair of the reset mail (single-use). The password follows the registration's rule: at least ${PASSWORD_MIN_LENGTH} characters, ` +
          'of at least three of uppercase, lowercase, digits and special characters. Every session of the traveler ends, and a ' +
          'sign-in lock of the account (too many wrong passwords) is lifted.',
        querystring: activationQuerySchema,
        body: changePasswordBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const email = await recovery.changePassword(request.query.key1, request.query.key2, request.body.newPwd);
      // The owner of the mailbox set a new password: the sign-in lock of the account ends. The lock would end by itself.
      await app.limits.accounts
        .passwordChanged(email)
        .catch((error: unknown) => request.log.warn({ err: error }, 'sign-in lock not cleared'));
      return reply.status(204).send(null);
    },
  );
};

/** The private calls of the account (docs/calls.md): the profile and its deletion (a FULL session: the guard sees to it). */
export const travelerPrivateRoutes: FastifyPluginAsyncZod<TravelerRoutesOptions> = async (app) => {
  const profile = createProfileService(app.db, { sessionsEnded: app.auth.sessionsEnded });

  app.put(
    '/traveler',
    {
      schema: {
        tags: ['travelers'],
        summary: 'Update the profile',
        description:
          'The profile is read-only in the portal (docs/domain.md): names, birthday, e-mail and document cannot change (a different ' +
          'value answers 400 on that field). Only the residence (country and free zone) may change, under the registration ' +
          'rules; privacy must stay accepted. Answers the stored profile.',
        body: travelerSchema,
        response: { 200: travelerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const traveler = await profile.updateProfile(requireSession(request).traveler_id, request.body);
      reply.header('cache-control', 'no-store');
      return traveler;
    },
  );

  app.delete(
    '/traveler',
    {
      schema: {
        tags: ['travelers'],
        summary: 'Delete the account',
        description: 'Deletes the traveler and their personal data (sessions, codes, links, mails), clears the cookie.',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await profile.deleteTraveler(requireSession(request).traveler_id);
      app.sessionCookie.clear(reply);
      return reply.status(204).send(null);
    },
  );
};
