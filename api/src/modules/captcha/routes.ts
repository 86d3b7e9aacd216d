import { apiErrorSchema, captchaResponseSchema } from '@varco/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schedulePeriodicJob } from '../../jobs/scheduler';
import { requestLanguage } from '../../plugins/errors';
import { createImagePool } from './image-pool';
import { createCaptchaRepository } from './repository';
import { createCaptchaService } from './service';
import { speechBank } from './speech-bank';

/**
 * Per client address and minute. A form needs a few (first load, reloads, one after each failed attempt); more is a
 * script farming pictures. Stricter than the app-wide limit, which airport Wi-Fi forces to be generous.
 */
export const CAPTCHA_RATE_LIMIT_MAX = 30;
/** How often used and expired challenges are deleted, and how long an expired one is kept (for log correlation). */
const PURGE_INTERVAL_MS = 10 * 60 * 1000;
const PURGE_GRACE_SECONDS = 60 * 60;

/** `GET /api/v1/public/captcha` (docs/calls.md): a challenge for the registration form. */
export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createCaptchaRepository(app.db);
  const images = createImagePool({ onError: (error) => app.log.error({ err: error }, 'captcha picture failed') });
  const service = createCaptchaService({ repository, images, speech: speechBank });

  // Media are prepared off the request path when a real server starts listening: a pool of pictures, the Italian and
  // English spoken letters (tests that only inject calls draw a picture when they ask for one, and never pay for
  // speech synthesis they do not ask for); the other voices at their language's first captcha.
  app.addHook('onListen', async () => {
    images.fill();
    speechBank.warm();
  });

  schedulePeriodicJob(app, {
    name: 'captcha purge',
    intervalMs: PURGE_INTERVAL_MS,
    run: () => repository.purgeExpired(PURGE_GRACE_SECONDS),
  });
  app.addHook('onClose', async () => images.stop());

  app.get(
    '/',
    {
      config: { rateLimit: { max: CAPTCHA_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
      schema: {
        tags: ['captcha'],
        summary: 'A captcha challenge',
        description:
          'A 5-character code as a PNG picture and as a WAV spelling it in the language of Accept-Language (IT, EN, ' +
          'ZH-HANS, ES, FR, DE, PT-BR, TR; in English for AR, JA, KO, RU, which the speech synthesizer has no voice for), ' +
          'with the token to send back with the typed value (headers x-captcha-token, x-captcha-value). A challenge ' +
          `expires after 20 minutes and allows one attempt. At most ${CAPTCHA_RATE_LIMIT_MAX} per minute per client.`,
        response: { 200: captchaResponseSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const captcha = await service.issue(requestLanguage(request));
      // A challenge is for one form only: no browser or CDN may keep or replay it.
      reply.header('cache-control', 'no-store');
      return { captcha };
    },
  );
};
