import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The security headers of every api answer: the set the OWASP REST Security Cheat Sheet gives for an API ("Security
 * Headers"). The api answers data (JSON, PDF, PNG), never a page, so nothing may load from an answer, frame it or be
 * read from it by another site; the browser must not guess its type; https only. The HTML-page headers of helmet's
 * defaults (script and style sources, opener policy, DNS prefetch...) have nothing to act on here. The one page, the
 * OpenAPI docs, sets its own CSP (swagger-ui's `staticCSP`), which overrides this one.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/**
 * Sets SECURITY_HEADERS and `x-request-id` (the id of the request's log lines) on every answer, errors and 404s
 * included, from the first hook: a route or a later hook may still override one. One callback hook, the headers set
 * in one call: the polling calls (docs/calls.md) pay for every hook and every header of every answer.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(SECURITY_HEADERS);
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'varco-security-headers' },
);
