import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  addPasskeyBodySchema,
  passkeyAuthenticationOptionsSchema,
  passkeyIdParamsSchema,
  passkeyListResponseSchema,
  passkeyRegistrationOptionsSchema,
  passkeySchema,
  passkeySignInBodySchema,
} from '@varco/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { AppError } from '../../app-error';
import type { WebauthnConfig } from '../../config';
import { clientErrorAnswers } from '../../plugins/errors';
import { requireSession } from '../auth';
import { recipientName } from '../mail';
import { CHALLENGE_TTL_MS, createPasskeyService, MAX_PASSKEYS, type RegistrationActor } from './service';

/** The cookie holding the opaque id of the browser's ceremony in flight (its challenge is kept by the api). */
export const CHALLENGE_COOKIE = 'varco_webauthn';
/** Sign-in options per client address and minute: a sign-in page asks once when it opens (autofill) and once per click. */
export const PASSKEY_OPTIONS_RATE_LIMIT_MAX = 30;
/** Registration calls per session and minute. */
export const PASSKEY_REGISTRATION_RATE_LIMIT_MAX = 20;

const sessionKey = (request: FastifyRequest) => request.session?.token_hash ?? request.ip;

export interface PasskeyRoutesOptions {
  webauthn: WebauthnConfig;
  secureCookie: boolean;
  /** Sign-in attempts per client address and minute, shared in value with the credentials sign-in (LOGIN_RATE_LIMIT_MAX). */
  loginRateLimitMax: number;
}

function challengeCookie(options: PasskeyRoutesOptions) {
  // The api's calls only; Strict: the ceremonies run on the portal's own pages.
  const attributes = { path: '/api', httpOnly: true, sameSite: 'strict' as const, secure: options.secureCookie };
  return {
    set: (reply: FastifyReply, id: string) =>
      reply.setCookie(CHALLENGE_COOKIE, id, { ...attributes, maxAge: CHALLENGE_TTL_MS / 1000 }),
    clear: (reply: FastifyReply) => reply.clearCookie(CHALLENGE_COOKIE, attributes),
  };
}

/** The library's reason for a refusal goes to the log; the traveler gets one translated text. */
const passkeyService = (app: FastifyInstance, options: PasskeyRoutesOptions) =>
  createPasskeyService(app.db, {
    webauthn: options.webauthn,
    onRefused: (reason) => app.log.info({ reason }, 'passkey ceremony refused'),
    sessionsEnded: app.auth.sessionsEnded,
  });

/** The public calls of the passkey sign-in, under `/api/v1/auth` (with the other sign-in calls). */
export const passkeyIdentityRoutes: FastifyPluginAsyncZod<PasskeyRoutesOptions> = async (app, options) => {
  const cookie = challengeCookie(options);
  const service = passkeyService(app, options);

  app.post(
    '/passkey/options',
    {
      config: { rateLimit: { max: PASSKEY_OPTIONS_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
      schema: {
        tags: ['passkeys'],
        summary: 'Start a sign-in with a passkey',
        description:
          'The WebAuthn request options (PublicKeyCredentialRequestOptionsJSON) for `navigator.credentials.get`: a random ' +
          'challenge, the RP ID, user verification required, no credential listed (the browser offers the passkeys it holds, ' +
          `also through autofill). The challenge is single use, lives ${CHALLENGE_TTL_MS / 60_000} minutes and is bound to this ` +
          `browser by the HttpOnly cookie \`${CHALLENGE_COOKIE}\`; a new call replaces it. At most ${PASSKEY_OPTIONS_RATE_LIMIT_MAX} per minute per client.`,
        response: { 200: passkeyAuthenticationOptionsSchema, ...clientErrorAnswers },
      },
    },
    async (_request, reply) => {
      const { options: requestOptions, challengeId } = await service.authenticationOptions();
      cookie.set(reply, challengeId);
      reply.header('cache-control', 'no-store');
      return requestOptions;
    },
  );

  app.post(
    '/passkey/verify',
    {
      config: { rateLimit: { max: options.loginRateLimitMax, timeWindow: '1 minute' } },
      schema: {
        tags: ['passkeys'],
        summary: 'Sign in with a passkey',
        description:
          'The assertion (AuthenticationResponseJSON) of the options this browser asked for. Verified: the challenge (taken ' +
          'out, so a replay fails), the origin and RP ID of the configuration, user verification, the signature with the ' +
          'stored public key, a growing signature counter (checked and moved in one statement: of sign-ins racing with one ' +
          'counter value, one passes) and the backup flags. Success opens a FULL session at once (no ' +
          'OTP; cookie `varco_session`, replacing any session of this browser) → 204; the portal then reads user-info. An ' +
          'expired, used or missing challenge → 400; a passkey no account holds (removed) → 401 `passkey.unknown`; an ' +
          'assertion made inside another site’s frame (`crossOrigin`, `topOrigin`) → 401 `passkey.framed`; any other ' +
          `failure → 401. At most ${options.loginRateLimitMax} attempts per minute per client, as for the credentials sign-in.`,
        body: passkeySignInBodySchema,
        response: { 204: z.null(), ...clientErrorAnswers },
      },
    },
    async (request, reply) => {
      // The challenge is spent whatever the outcome: the cookie goes with it.
      cookie.clear(reply);
      const { travelerId, passkeyId } = await service.authenticate(
        request.cookies[CHALLENGE_COOKIE],
        request.body.credential as AuthenticationResponseJSON,
      );
      if (request.session) await app.auth.logout(request.session);
      const { token, expiresAt } = await app.auth.openFullSession(travelerId, passkeyId);
      app.sessionCookie.set(reply, token, expiresAt);
      reply.header('cache-control', 'no-store');
      return reply.status(204).send(null);
    },
  );
};

/** The signed-in traveler's passkeys, under `/api/v1/private/passkeys` (a FULL session: the guard sees to it). */
export const passkeyPrivateRoutes: FastifyPluginAsyncZod<PasskeyRoutesOptions> = async (app, options) => {
  const cookie = challengeCookie(options);
  const service = passkeyService(app, options);

  async function actor(request: FastifyRequest): Promise<RegistrationActor> {
    const session = requireSession(request);
    const traveler = await app.auth.traveler(session);
    if (!traveler) throw new AppError(401, { key: 'unauthorized' });
    return {
      travelerId: traveler.id,
      sessionTokenHash: session.token_hash,
      email: traveler.email,
      displayName: recipientName(traveler.nome, traveler.cognome) ?? traveler.email,
    };
  }

  app.get(
    '/',
    {
      schema: {
        tags: ['passkeys'],
        summary: 'The traveler’s passkeys',
        description: 'Name, creation, last use and whether the provider backs it up; oldest first. No key material.',
        response: { 200: passkeyListResponseSchema, ...clientErrorAnswers },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { passkeys: await service.list(requireSession(request).traveler_id) };
    },
  );

  app.post(
    '/registration-options',
    {
      config: {
        rateLimit: { max: PASSKEY_REGISTRATION_RATE_LIMIT_MAX, timeWindow: '1 minute', keyGenerator: sessionKey },
      },
      schema: {
        tags: ['passkeys'],
        summary: 'Start adding a passkey',
        description:
          'The WebAuthn creation options (PublicKeyCredentialCreationOptionsJSON) for `navigator.credentials.create`: a ' +
          'discoverable credential with user verification, no attestation, the traveler’s passkeys excluded. The challenge ' +
          `is single use, lives ${CHALLENGE_TTL_MS / 60_000} minutes and is bound to this session and browser (cookie \`${CHALLENGE_COOKIE}\`). ` +
          `At most ${MAX_PASSKEYS} passkeys per traveler (409 beyond).`,
        response: { 200: passkeyRegistrationOptionsSchema, ...clientErrorAnswers },
      },
    },
    async (request, reply) => {
      const { options: creation, challengeId } = await service.registrationOptions(await actor(request));
      cookie.set(reply, challengeId);
      reply.header('cache-control', 'no-store');
      return creation;
    },
  );

  app.post(
    '/',
    {
      config: {
        rateLimit: { max: PASSKEY_REGISTRATION_RATE_LIMIT_MAX, timeWindow: '1 minute', keyGenerator: sessionKey },
      },
      schema: {
        tags: ['passkeys'],
        summary: 'Add a passkey',
        description:
          'The name (1 to 50 characters) and the authenticator’s answer (RegistrationResponseJSON) to the options this ' +
          'session asked for. Verified: challenge, origin, RP ID, user verification; stored: the credential id, public key, ' +
          'counter, backup flags and transports. A notification and its e-mail tell the traveler. → 201 the passkey. An ' +
          'expired or used challenge, or an answer that does not verify → 400; one made inside another site’s frame ' +
          '(`crossOrigin`, `topOrigin`) → 400 `passkey.framed`; a credential that could never sign in (a key the library ' +
          'cannot use: unknown type or curve, a point off its curve, a coordinate missing; authenticator data naming ' +
          'another credential id; a counter at its end) → 400 `passkey.unusable`; an id over 1023 bytes → 400 on ' +
          '`credential.id`; a passkey already registered → 409.',
        body: addPasskeyBodySchema,
        response: { 201: passkeySchema, ...clientErrorAnswers },
      },
    },
    async (request, reply) => {
      cookie.clear(reply);
      const passkey = await service.register(
        await actor(request),
        request.cookies[CHALLENGE_COOKIE],
        request.body.name,
        request.body.credential as RegistrationResponseJSON,
      );
      return reply.status(201).send(passkey);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['passkeys'],
        summary: 'Remove a passkey',
        description:
          'It stops signing in at once, and the sessions it opened end (a lost device is signed out; the others, this one ' +
          'included if opened otherwise, stay; removed from the session it opened, the answer clears that session’s cookie). ' +
          'A notification and its e-mail tell the traveler. Another traveler’s or an ' +
          'unknown passkey → 404.',
        params: passkeyIdParamsSchema,
        response: { 204: z.null(), ...clientErrorAnswers },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      await service.remove(session.traveler_id, request.params.id);
      // Removed from the session it opened: the cookie goes with it, so that the browser's next call is refused on
      // every instance at once, not only once the others have heard from the database that the session ended.
      if (session.passkey_id === request.params.id) app.sessionCookie.clear(reply);
      return reply.status(204).send(null);
    },
  );
};
