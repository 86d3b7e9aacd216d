import { API_PREFIX, HEADERS, PRIVATE_BASE } from '@varco/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../app-error';
import { schedulePeriodicJob } from '../../jobs/scheduler';
import type { SessionRecord } from './repository';
import { createAuthService, type AuthService } from './service';
import { SESSIONS_CHANNEL } from './session-cache';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    /** The FULL session of this `cookie` header when this instance holds it in memory and it is live; else undefined. */
    warmSession(cookieHeader: string): SessionRecord | undefined;
  }
  interface FastifyRequest {
    /** The live session of the `varco_session` cookie, loaded for `/api/v1/private` and `/api/v1/auth` calls. */
    session: SessionRecord | null;
  }
}

export const SESSION_COOKIE = 'varco_session';
export const PRIVATE_PREFIX = `${API_PREFIX}/${PRIVATE_BASE}`;
/** The sign-in calls: they read the session of the cookie when there is one, and admit any request. */
const AUTH_PREFIX = `${API_PREFIX}/v1/auth`;

/** The calls an OTP_PENDING session may make (besides presenting its code to user-info). */
export const OTP_PENDING_ROUTES = new Set([
  `POST ${PRIVATE_PREFIX}/traveler/send-otp`,
  `POST ${PRIVATE_PREFIX}/v1/traveler/logout`,
]);
export const OTP_VERIFICATION_ROUTE = `GET ${PRIVATE_PREFIX}/traveler/user-info`;
/** The calls an ACTIVATION_PENDING session (a first-time digital identity) may make. */
export const ACTIVATION_PENDING_ROUTES = new Set([
  OTP_VERIFICATION_ROUTE,
  `POST ${PRIVATE_PREFIX}/traveler/finalize`,
  `POST ${PRIVATE_PREFIX}/v1/traveler/logout`,
]);

export interface SessionPluginOptions {
  /** Secure cookies (production: the portal is served over https). */
  secureCookie: boolean;
}

const pathOf = (url: string) => url.split('?', 1)[0] ?? url;
const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

function decodedPath(url: string): string {
  try {
    return decodeURIComponent(pathOf(url));
  } catch {
    return pathOf(url);
  }
}

/**
 * The path the guard judges a request by: the pattern of the route the router matched (so `/api/v1/%70rivate/…`,
 * which the router decodes to a private route, is a private call), or for a URL no route matches its decoded path.
 */
export function guardedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? decodedPath(request.url);
}

/**
 * Sessions (docs/architecture.md "The api"): an opaque random token in an HttpOnly cookie, stored hashed in `session`. Every
 * call under `/api/v1/private` — known route or not — passes the guard: no live session answers 401; an OTP_PENDING
 * session may only ask for its code, present it (user-info with `x-otp`) or sign out, anything else 403; an
 * ACTIVATION_PENDING one (a first-time digital identity) may only read user-info, finalize or sign out; FULL passes.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: SessionPluginOptions) => {
    // FULL sessions are cached in the process (auth/session-cache.ts). A session that ends here (sign-out, password
    // change, account deletion) is evicted at once; the database tells every instance on SESSIONS_CHANNEL (payload
    // `t:<travelerId>`) when the deletion commits (migration 0012). If the LISTEN connection drops, the cache is
    // emptied (messages may have been missed) and filled again from the database.
    const auth = createAuthService(app.db, {
      onBackgroundError: (error, what) => app.log.warn({ err: error }, `${what} failed`),
      accountLimits: app.limits.accounts,
    });
    app.decorate('auth', auth);
    const stopListening = await app.database.listen(
      SESSIONS_CHANNEL,
      (payload) => {
        const travelerId = payload.startsWith('t:') ? Number(payload.slice(2)) : Number.NaN;
        if (Number.isSafeInteger(travelerId)) auth.cache.evictTraveler(travelerId);
        else auth.cache.clear();
      },
      () => auth.cache.clear(),
    );
    app.addHook('onClose', async () => stopListening());
    app.decorateRequest('session', null);

    /** Admits the request of a private call with `session`, refuses it (throws), or presents its OTP (a promise). */
    const admit = (request: FastifyRequest, session: SessionRecord | null): void | Promise<void> => {
      if (!session) throw new AppError(401, { key: 'unauthorized' });
      if (session.level === 'FULL') return;
      const route = `${request.method} ${request.routeOptions.url ?? ''}`;
      if (session.level === 'ACTIVATION_PENDING') {
        if (ACTIVATION_PENDING_ROUTES.has(route)) return;
        throw new AppError(403, { key: 'spid.activationRequired' });
      }
      if (OTP_PENDING_ROUTES.has(route)) return;
      const code = request.headers[HEADERS.otp];
      if (route === OTP_VERIFICATION_ROUTE && typeof code === 'string' && code.trim() !== '') {
        return auth.verifyOtp(session, code).then((verified) => {
          request.session = verified;
        });
      }
      throw new AppError(403, { key: route === OTP_VERIFICATION_ROUTE ? 'auth.otpRequired' : 'forbidden' });
    };

    const load = (request: FastifyRequest, path: string, session: SessionRecord | undefined): void | Promise<void> => {
      request.session = session ?? null;
      if (isUnder(path, PRIVATE_PREFIX)) return admit(request, request.session);
    };

    // A callback hook that finishes at once for a cached session: no promise to wait for on the polling calls.
    app.addHook('onRequest', (request, _reply, done) => {
      const path = guardedPath(request);
      if (!isUnder(path, PRIVATE_PREFIX) && !isUnder(path, AUTH_PREFIX)) return done();
      const token = request.cookies[SESSION_COOKIE];
      let outcome: void | Promise<void>;
      try {
        const session = token ? auth.resolveSession(token) : undefined;
        outcome =
          session instanceof Promise
            ? session.then((resolved) => load(request, path, resolved))
            : load(request, path, session);
      } catch (error) {
        return done(error as Error);
      }
      if (outcome instanceof Promise) outcome.then(() => done(), done);
      else done();
    });

    // The session the guard above admits at once, for the polling calls' warm path (plugins/polling-path.ts): the same
    // cookie parse (@fastify/cookie's, same options) and the same cache, expiry check and touch as the guard's
    // resolveSession. Anything else (no cookie, a session to read, expired, pending) is left to the guard, which reads
    // it: nothing is read here (auth.warmSession).
    app.decorate('warmSession', (cookieHeader: string): SessionRecord | undefined => {
      const token = app.parseCookie(cookieHeader)[SESSION_COOKIE];
      const session = token ? auth.warmSession(token) : undefined;
      return session?.level === 'FULL' ? session : undefined;
    });

    // Expired sessions (and their codes) are deleted now and then; a live one is never touched.
    schedulePeriodicJob(app, {
      name: 'session purge',
      intervalMs: 10 * 60 * 1000,
      run: () => auth.repository.deleteExpiredSessions(new Date()),
    });

    app.decorate('sessionCookie', {
      set(reply: FastifyReply, token: string, expiresAt: Date) {
        // No Max-Age: a browser session cookie; the server decides when the session ends.
        void expiresAt;
        reply.setCookie(SESSION_COOKIE, token, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: options.secureCookie,
        });
      },
      clear(reply: FastifyReply) {
        reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: options.secureCookie });
      },
    });
  },
  { name: 'varco-session', dependencies: ['varco-db', 'varco-limits'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookie: {
      set(reply: FastifyReply, token: string, expiresAt: Date): void;
      clear(reply: FastifyReply): void;
    };
  }
}

/** The session of a private route's request (the guard has already refused requests without one). */
export function requireSession(request: FastifyRequest): SessionRecord {
  if (!request.session) throw new AppError(401, { key: 'unauthorized' });
  return request.session;
}
