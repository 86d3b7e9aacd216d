import { apiErrorSchema, finalizeBodySchema, text, userInfoSchema } from '@varco/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { AppError } from '../../app-error';
import { errorAnswers, requestLanguage } from '../../plugins/errors';
import { requireSession } from '../auth';
import type { OidcClient } from '../oidc';
import { createSpidService, OIDC_LOGIN_TTL_MS } from './service';

/** The browser's half of a sign-in in flight: its state, checked against the callback's (HttpOnly, short-lived). */
export const SPID_STATE_COOKIE = 'varco_spid_state';

export interface SpidRoutesOptions {
  /** The digital identity provider's client; unset, the sign-in answers 503. */
  oidc: OidcClient | undefined;
  publicBaseUrl: string;
  secureCookie: boolean;
}

/**
 * The provider's answer to the code flow (OpenID Connect, RFC 9207 `iss`): `code` and `state`, or `error` (and its
 * description). openid-client reads them from the raw query; a repeated one is let through to fail there (a redirect
 * to the sign-in page, not a 400), and any other parameter is ignored.
 */
const callbackParameter = z.optional(z.union([text(), z.array(text())]));
const callbackQuerySchema = z.looseObject({
  code: callbackParameter,
  state: callbackParameter,
  iss: callbackParameter,
  error: callbackParameter,
  error_description: callbackParameter,
});

/**
 * `GET /api/v1/auth/login-spid` and `GET /api/v1/auth/spid/callback` (docs/screens.md, docs/calls.md identity calls): the digital identity
 * sign-in, an OpenID Connect authorization code flow with PKCE by full-page redirect.
 */
export const spidIdentityRoutes: FastifyPluginAsyncZod<SpidRoutesOptions> = async (app, options) => {
  const service = createSpidService(app.db);
  const cookiePath = `${app.prefix}/spid`;
  const failed = `${options.publicBaseUrl}/sign-in?error=spid`;

  app.get(
    '/login-spid',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the digital identity (SPID)',
        description:
          'A full-page redirect (302) to the identity provider, with PKCE, state and nonce; the verifier and nonce stay on the ' +
          'server, the state also in an HttpOnly cookie. 503 when no provider is configured.',
        response: { 302: z.null(), 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!options.oidc) throw new AppError(503, { key: 'spid.notConfigured' });
      let authorization;
      try {
        authorization = await options.oidc.authorizationRequest();
      } catch (error) {
        request.log.error({ err: error }, 'the digital identity provider cannot be reached');
        throw new AppError(503, { key: 'spid.notConfigured' });
      }
      await service.rememberLogin(authorization);
      reply.setCookie(SPID_STATE_COOKIE, authorization.state, {
        path: cookiePath,
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookie,
        maxAge: OIDC_LOGIN_TTL_MS / 1000,
      });
      reply.header('cache-control', 'no-store');
      return reply.redirect(authorization.url.href, 302);
    },
  );

  app.get(
    '/spid/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Return from the digital identity provider',
        description:
          'Exchanges the code (PKCE) and checks the ID token. A traveler linked to the identity gets a full session and goes to ' +
          '/sign-in/spid (the portal reads user-info there, then opens /protected); a first-time identity gets a session that can only complete the registration and goes to ' +
          '/sign-in/spid/activate. Any failure (state mismatch, provider error, cancelled) goes to /sign-in?error=spid.',
        querystring: callbackQuerySchema,
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      reply.clearCookie(SPID_STATE_COOKIE, {
        path: cookiePath,
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookie,
      });
      reply.header('cache-control', 'no-store');
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const params = new URLSearchParams(query);
      const state = params.get('state') ?? '';
      const expected = request.cookies[SPID_STATE_COOKIE];
      try {
        if (!options.oidc) throw new Error('no identity provider configured');
        if (!expected || state !== expected) throw new Error('state mismatch');
        // Single use, whatever happens next.
        const login = await service.takeLogin(state);
        if (!login) throw new Error('unknown or expired sign-in');
        if (params.has('error')) throw new Error(`provider error: ${params.get('error') ?? ''}`);
        const claims = await options.oidc.complete(query, { state, ...login });
        // A sign-in replaces the session this browser held.
        if (request.session) await app.auth.logout(request.session);
        const session = await service.signIn(claims, requestLanguage(request));
        app.sessionCookie.set(reply, session.token, new Date());
        // A returning traveler lands on the portal's /sign-in/spid, which reads user-info into the browser's session
        // (signed out, it holds no user) before opening the home page.
        return reply.redirect(
          `${options.publicBaseUrl}${session.level === 'FULL' ? '/sign-in/spid' : '/sign-in/spid/activate'}`,
          302,
        );
      } catch (error) {
        request.log.warn(
          { reason: error instanceof Error ? error.message : String(error) },
          'digital identity sign-in refused',
        );
        return reply.redirect(failed, 302);
      }
    },
  );
};

/** `POST /api/v1/private/traveler/finalize` (docs/domain.md, docs/calls.md): completes the registration of a digital identity traveler. */
export const spidPrivateRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSpidService(app.db);
  const errors = errorAnswers(400, 401, 403, 409);
  app.post(
    '/traveler/finalize',
    {
      schema: {
        tags: ['auth'],
        summary: 'Complete the registration of a digital identity traveler',
        description:
          'Only on the session of a first-time digital identity. Privacy must be accepted, the e-mail valid and not used by ' +
          'another account (409), and the residence and travel document valid under the rules of a registration (the ' +
          'document not held by another account, 409): the invoices are matched by that document. The traveler becomes ' +
          'active and the session full; answers the traveler.',
        body: finalizeBodySchema,
        response: { 200: userInfoSchema, ...errors },
      },
    },
    async (request, reply) => {
      const info = await service.finalize(requireSession(request), request.body);
      reply.header('cache-control', 'no-store');
      return info;
    },
  );
};
