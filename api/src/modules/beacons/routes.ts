import { BEACON_MAX_EVENTS, beaconSchema } from '@varco/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { AppError } from '../../app-error';
import { schedulePeriodicJob } from '../../jobs/scheduler';
import { errorAnswers, sendError, toErrorAnswer } from '../../plugins/errors';
import { createBeaconMetrics } from './metrics';
import { createReleases } from './releases';

export interface BeaconRoutesOptions {
  /** The runtime configurations the portal serves, read for the releases the reports may name (RUNTIME_CONFIG_URLS). */
  runtimeConfigUrls: readonly string[];
  /** How often they are read again (RUNTIME_CONFIG_REFRESH_SECONDS), in milliseconds. */
  refreshMs: number;
  /** The clock of the releases kept and of the reporters' periods (tests). */
  now?: () => number;
}

/**
 * Reports per client address and minute. A browser sends one when a page is left or hidden, or sooner when it holds
 * many events; the travelers of an airport share one address. A limit of its own, so that the reports never use up
 * the address's app-wide allowance of real calls, counted in batches (a report is not worth a store round trip).
 */
export const BEACON_RATE_LIMIT_MAX = 600;
/** A full report (BEACON_MAX_EVENTS events) is about 8 KB of JSON. */
export const BEACON_BODY_LIMIT = 16 * 1024;

/**
 * What the call refuses, all with 400: a browser's report is taken (204) or not, and its sender never reads why.
 * Fastify's own 413 (too large) and 415 (neither JSON nor text) keep their texts.
 */
function asBadRequest(error: unknown): unknown {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (status === 413) return new AppError(400, { key: 'payloadTooLarge' });
  if (status === 415) return new AppError(400, { key: 'unsupportedMediaType' });
  return error;
}

/**
 * The error handler of the call: the app's answers, 413 and 415 as 400, and nothing of the body in the log (a JSON
 * parser's message quotes it, a validation message may name a key the poster chose).
 */
function refuseReport(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const answer = toErrorAnswer(asBadRequest(error), request);
  if (answer.status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ status: answer.status, code: (error as { code?: unknown }).code }, 'report refused');
  return sendError(reply, answer);
}

/**
 * `POST /api/v1/public/beacons` (docs/calls.md): the browsers' reports (`navigator.sendBeacon`), counted into the
 * metrics and kept nowhere else. No session and no cookie are read, and no portal header is asked for (sendBeacon
 * cannot add one): the call only adds to counters whose labels come from closed lists and the runtime configuration
 * (releases.ts), one page view's worth per report (metrics.ts), so a report sent from another site does nothing that
 * one sent directly could not.
 */
export const beaconRoutes: FastifyPluginAsyncZod<BeaconRoutesOptions> = async (app, options) => {
  const releases = createReleases({
    urls: options.runtimeConfigUrls,
    log: app.log,
    now: options.now,
    onNamed: (remote, version, candidate) => beacons.named(remote, version, candidate),
    onDropped: (remote, version) => beacons.drop(remote, version),
  });
  const beacons = createBeaconMetrics(app.metrics, releases, { now: options.now });
  // At once, then every refreshMs: a release shipped or a canary started is counted by name from the next reading.
  if (options.runtimeConfigUrls.length > 0)
    schedulePeriodicJob(app, {
      name: 'runtime configuration',
      intervalMs: options.refreshMs,
      firstDelayMs: 0,
      run: () => releases.refresh(),
    });
  // sendBeacon sends a string as text/plain: these routes read it as JSON, with the same parser and limits.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  app.post(
    '/',
    {
      bodyLimit: BEACON_BODY_LIMIT,
      // One per page view: a log line each would outweigh the rest of the api's log. Refusals are counted by route.
      logLevel: 'warn',
      config: {
        rateLimit: { max: BEACON_RATE_LIMIT_MAX, timeWindow: '1 minute' },
        batchedLimit: true,
        anyOrigin: true,
      },
      errorHandler: refuseReport,
      schema: {
        tags: ['beacons'],
        summary: 'A browser’s report: remote loads, Core Web Vitals, api calls per page',
        description:
          `Sent by the portal with \`navigator.sendBeacon\`, as \`application/json\` or \`text/plain\` (read as JSON), ` +
          `at most ${BEACON_BODY_LIMIT / 1024} KB and ${BEACON_MAX_EVENTS} events. No session, no personal data: ` +
          'each event names a page, an app, its version and whether it was the canary, and is counted into the ' +
          'metrics (nothing is stored): a version the portal’s runtime configuration does not name counts as `other`, ' +
          'the canary flag is the configuration’s, and a report counts at most one load of each remote and one value ' +
          'of each vital and of the api calls per page. Any refusal is a 400 (malformed JSON, another content type, ' +
          `too large, not the schema; an unknown field is named by the object that holds it). At most ` +
          `${BEACON_RATE_LIMIT_MAX} per minute per client address.`,
        consumes: ['application/json', 'text/plain'],
        body: beaconSchema,
        response: { 204: z.null(), ...errorAnswers(400, 429) },
      },
    },
    async (request, reply) => {
      beacons.record(request.body, request.ip);
      reply.header('cache-control', 'no-store');
      return reply.status(204).send(null);
    },
  );
};
