import { HEADERS } from '@varco/contracts';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../app-error';
import { guardedPath } from '../modules/auth';

export interface RequestOriginOptions {
  /** The origins whose pages may change state: the portal's (PUBLIC_BASE_URL) and those of CORS_ORIGINS. */
  allowedOrigins: string[];
  /**
   * Prefixes of the calls authenticated by an API key (merchants, exit points): server to server, they carry no cookie a
   * page could borrow, so neither the origin nor the content type is asked of them.
   */
  apiKeyPrefixes: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Whether a state-changing call with these headers passes the check below whatever the api's own origin (false:
     * the check must run in Fastify's path, with the request's protocol and host).
     */
    stateChangeAdmittedAtOnce(headers: IncomingHttpHeaders): boolean;
  }
  interface FastifyContextConfig {
    /**
     * A call any page may send, without the portal's header (the browsers' reports: sendBeacon adds no header). Only
     * for a call that reads no cookie and changes nothing but counters: a forged one does what a direct one could.
     */
    anyOrigin?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const isJson = (contentType: string | undefined) => {
  const type = contentType?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
};

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Cross-site request forgery: the session cookie goes with any request the browser makes to the api, even from a page
 * on another port of the same host. A call that changes state is admitted only when a page could not have forged it:
 * it comes from an allowed origin (or from no page at all: no Origin and not a cross-site fetch), and it is JSON or
 * carries the portal's own header — both need the api's consent (a CORS preflight) across origins.
 */
export const requestOriginPlugin = fp(
  async (app: FastifyInstance, options: RequestOriginOptions) => {
    const allowed = new Set(
      options.allowedOrigins.map(originOf).filter((origin): origin is string => origin !== undefined),
    );

    /**
     * Whether a state-changing call with these headers was forged: true or false, or undefined when that depends on the
     * api's own origin and `selfOrigin` was not given (the polling calls' warm path, plugins/polling-path.ts, then
     * leaves the request to this hook).
     */
    const forged = (headers: IncomingHttpHeaders, selfOrigin?: () => string): boolean | undefined => {
      const origin = headers.origin;
      // `same-origin` is the browser's own word (a page cannot set Sec-Fetch-Site): the page is served with the api, on
      // whatever origin a proxy gives them both.
      const site = headers['sec-fetch-site'];
      if (site !== 'same-origin') {
        if (origin !== undefined) {
          if (!allowed.has(origin)) {
            if (selfOrigin === undefined) return undefined;
            if (origin !== selfOrigin()) return true;
          }
        } else if (site === 'cross-site') return true;
      }
      return !isJson(headers['content-type']) && headers[HEADERS.client] === undefined;
    };
    app.decorate('stateChangeAdmittedAtOnce', (headers: IncomingHttpHeaders) => forged(headers) === false);

    // A callback hook, not an async one: every call passes here (the polling calls most of all, docs/calls.md), and an async
    // hook costs a promise and a turn of the microtask queue per request even for a GET it has nothing to check on.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!STATE_CHANGING.has(request.method) || request.routeOptions.config.anyOrigin) return done();
      const path = guardedPath(request);
      if (options.apiKeyPrefixes.some((prefix) => isUnder(path, prefix))) return done();
      done(
        forged(request.headers, () => `${request.protocol}://${request.host}`)
          ? new AppError(403, { key: 'forgedRequest' })
          : undefined,
      );
    });
  },
  { name: 'varco-request-origin' },
);
