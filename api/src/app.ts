import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_PREFIX, BEACON_PATH, HEADERS, IDENTITY_BASE, PUBLIC_BASE } from '@varco/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { identityRoutes, travelerSessionRoutes, PRIVATE_PREFIX, sessionPlugin } from './modules/auth';
import { beaconRoutes, type BeaconRoutesOptions } from './modules/beacons';
import { captchaRoutes } from './modules/captcha';
import { claimRoutes, merchantClaimRoutes } from './modules/claims';
import { seedDemo } from './modules/demo';
import { healthRoutes } from './modules/health';
import { homeInvoiceCounts, invoiceRoutes } from './modules/invoices';
import { exitPointRoutes, type ExitPointRoutesOptions } from './modules/exit-point';
import { merchantRoutes } from './modules/merchants';
import { deadlineReminderPlugin, type DeadlineReminderOptions, notificationRoutes } from './modules/notifications';
import { passkeyIdentityRoutes, passkeyPrivateRoutes } from './modules/passkeys';
import { travelerPrivateRoutes, travelerPublicRoutes } from './modules/travelers';
import { createOidcClient } from './modules/oidc';
import { spidIdentityRoutes, spidPrivateRoutes } from './modules/spid';
import { typologyRoutes } from './modules/typology';
import {
  hasPendingVisa,
  homeVisaRequestCount,
  visaExpiryPlugin,
  type VisaExpiryOptions,
  visaRoutes,
  type VisaRoutesOptions,
} from './modules/visas';
import { openApiTransform, SECURITY_SCHEMES } from './openapi/transform';
import { MIGRATIONS_DIR } from './paths';
import { lazyChildLoggerFactory } from './per-request';
import { backgroundPlugin } from './plugins/background';
import { clientErrorHandler } from './plugins/client-errors';
import { dbPlugin } from './plugins/db';
import { ACCEPT_LANGUAGE_DESCRIPTION, errorsPlugin, sendError, toErrorAnswer } from './plugins/errors';
import { mailPlugin, type MailPluginOptions } from './plugins/mail';
import { metricsPlugin } from './plugins/metrics/plugin';
import { createPollingPath } from './plugins/polling-path';
import { qrPlugin } from './plugins/qr';
import { requestOriginPlugin } from './plugins/request-origin';
import { securityHeadersPlugin } from './plugins/security-headers';
import { createLimits, limitsPlugin, type LimitsOptions } from './plugins/limits/plugin';
import { requestTracing } from './telemetry/http';

export const API_VERSION = '0.1.0';
export const DOCS_PATH = `${API_PREFIX}/docs`;
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const PUBLIC_PREFIX = `${API_PREFIX}/${PUBLIC_BASE}`;
export const IDENTITY_PREFIX = `${API_PREFIX}/${IDENTITY_BASE}`;
export const MERCHANT_PREFIX = `${API_PREFIX}/v1/merchant`;
export const EXIT_POINT_PREFIX = `${API_PREFIX}/v1/exit-point`;

export interface AppDeps {
  database: DatabaseHandle;
  /** Close `database` when the app closes. The server and the tests own theirs and close it themselves. */
  ownsDatabase?: boolean;
  migrationsDir?: string;
  /** Where logs go (tests capture them); standard output by default. */
  logStream?: NodeJS.WritableStream;
  /** Batch and retry settings of the mail dispatcher (tests); the defaults suit production. */
  mailTuning?: MailPluginOptions['tuning'];
  /** The visa expiry job's interval, clock or switch (tests); every minute by default. */
  visaExpiry?: VisaExpiryOptions;
  /** The exit deadline reminder job's interval, clock or switch (tests); every hour by default. */
  deadlineReminders?: DeadlineReminderOptions;
  /** The visa calls' QR, clock or forced risk analysis (tests); app.qr and the real rules by default. */
  visas?: VisaRoutesOptions;
  /** The exit point's clock or forced risk analysis (tests); app.qr and the real rules by default. */
  exitPoint?: ExitPointRoutesOptions;
  /** The abuse limits' clock, Redis key prefix or polling limit (tests); see plugins/limits. */
  limits?: LimitsOptions;
  /** The browsers' reports: the clock of the releases kept and of the reporters' periods (tests). */
  beacons?: Pick<BeaconRoutesOptions, 'now'>;
}

export type App = FastifyInstance & ReturnType<FastifyInstance['withTypeProvider']>;

/**
 * Builds the api: external plugins, then the app's own plugins, then the modules (CONVENTIONS "The api"). Nothing is
 * loaded until `ready()`, `listen()` or the first `inject()`, so a caller may still add hooks or routes.
 */
export function buildApp(config: Config, deps: AppDeps) {
  // The polling calls' warm case is answered in front of Fastify's router (plugins/polling-path.ts, docs/architecture.md).
  const pollingPath = createPollingPath();
  // Undefined unless tracing was started (telemetry/start.ts): then no hook and the logger factory as it is.
  const tracing = requestTracing({ trustProxy: config.trustProxy });
  const app = Fastify({
    serverFactory: pollingPath.serverFactory,
    logger: { level: config.logLevel, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    // The request's logger is made when it first writes a line (per-request.ts): the polling calls seldom do.
    childLoggerFactory: tracing ? tracing.childLoggerFactory(lazyChildLoggerFactory) : lazyChildLoggerFactory,
    // A request id from outside is trusted only from our own proxy.
    requestIdHeader: config.trustProxy ? 'x-request-id' : false,
    // Bytes the HTTP parser cannot read as a request answer the error shape too.
    clientErrorHandler,
    // The router's own refusals (a bad percent-encoding) answer the one error shape too, without echoing the URL.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ reason: error.message }, 'request refused');
      void sendError(reply, toErrorAnswer(error, request));
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Request and response schemas are the zod contracts shared with the browser; each text field of a request is a
  // `text()` of @varco/contracts, which refuses what PostgreSQL cannot store.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // First, so that the request's span is open around every other hook.
  if (tracing) app.register(tracing.plugin);

  // External plugins.
  // Security headers and the request id on every answer.
  app.register(securityHeadersPlugin);
  // No origin listed: no cross-origin access at all (the portal then reaches the api through its own origin), and no
  // CORS hook for every call to run for nothing.
  if (config.corsOrigins.length > 0) {
    app.register(fastifyCors, {
      origin: config.corsOrigins,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['content-type', 'accept', 'accept-language', ...Object.values(HEADERS)],
      // The browser reads the PDF file name from content-disposition (docs/calls.md), and the identity provider's logout
      // page from the location of a digital identity logout.
      exposedHeaders: ['content-disposition', 'x-request-id', 'location'],
      maxAge: 600,
    });
  }
  app.register(fastifyCookie);
  // Every limit counts across instances (plugins/limits): in Redis when REDIS_URL is set, else in the database.
  const limits = createLimits(config, deps.database, deps.limits);
  app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    store: limits.rateLimitStore,
  });
  app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Varco api',
        version: API_VERSION,
        license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
        description:
          'The traveler portal of the tax-free system. Every error answers `{ detail, extra? }`; texts follow ' +
          `${ACCEPT_LANGUAGE_DESCRIPTION}.`,
      },
      // Relative: the api answers on the portal's own origin (or wherever the client reached this document).
      servers: [{ url: '/', description: 'This api' }],
      tags: [
        { name: 'typology', description: 'Public lookup lists (docs/calls.md)' },
        {
          name: 'captcha',
          description: 'Captcha challenges of the registration form (docs/screens.md, docs/calls.md)',
        },
        {
          name: 'auth',
          description: 'Sign-in (credentials + OTP), session and sign-out (docs/domain.md, docs/calls.md)',
        },
        {
          name: 'travelers',
          description:
            'Registration, activation, password recovery, profile and its deletion (docs/domain.md, docs/calls.md)',
        },
        {
          name: 'passkeys',
          description:
            'Passkeys (WebAuthn): adding and removing them from the profile, and the sign-in with one, without password or OTP',
        },
        {
          name: 'invoices',
          description:
            'The signed-in traveler’s tax-free invoices and their release PDF (docs/domain.md, docs/calls.md)',
        },
        {
          name: 'visas',
          description:
            'The signed-in traveler’s visa requests, their QR code and PDF, the risk analysis and the keep-alive (docs/domain.md, docs/calls.md)',
        },
        {
          name: 'notifications',
          description:
            'The signed-in traveler’s notifications, marking them read and the unread count (docs/domain.md, docs/calls.md)',
        },
        {
          name: 'claims',
          description:
            'A traveler’s claim to the merchant about a missing or wrong invoice, and the merchant’s answer (docs/domain.md)',
        },
        {
          name: 'merchant',
          description:
            'Merchant intake: vendors and brokers issue tax-free invoices and credit notes with their API key',
        },
        {
          name: 'exit-point',
          description:
            'Kiosks and customs officers at the EU exit point: scan the visa QR code, decide the customs check (API key)',
        },
        {
          name: 'beacons',
          description: 'The browsers’ reports (remote loads, Core Web Vitals, api calls), counted into the metrics',
        },
        { name: 'health', description: 'Probes' },
      ],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    // Security, operationId and the shared plugins' error answers of every operation (openapi/transform.ts).
    transform: openApiTransform({ merchant: MERCHANT_PREFIX, exitPoint: EXIT_POINT_PREFIX }),
  });
  // The documentation pages only where they are wanted (API_DOCS; off by default in production). The OpenAPI document
  // is still built: the tests read the route table from it.
  if (config.apiDocs) app.register(fastifySwaggerUi, { routePrefix: DOCS_PATH, staticCSP: true });

  // App plugins.
  app.register(errorsPlugin);
  // app.metrics: Prometheus metrics on a listener of their own (METRICS_PORT), never on the public port.
  app.register(metricsPlugin, { listen: config.metrics, database: deps.database });
  // app.background: work a call starts without waiting for it (logged when it fails).
  app.register(backgroundPlugin);
  app.register(dbPlugin, {
    handle: deps.database,
    migrate: config.migrateOnStart,
    migrationsDir: deps.migrationsDir ?? MIGRATIONS_DIR,
    closeOnExit: deps.ownsDatabase ?? false,
  });
  // The outbox's dispatcher; its tests pass `mailTuning` to retry in milliseconds rather than minutes.
  app.register(mailPlugin, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    pollMs: config.mailPollMs,
    ...(deps.mailTuning ? { tuning: deps.mailTuning } : {}),
  });
  // app.qr: signs and verifies the visa QR codes (QR_SIGNING_KEY; a key kept in DATA_DIR in development, one per process in tests).
  app.register(qrPlugin, {
    configuredKey: config.qrSigningKey,
    dataDir: config.dataDir,
    ephemeral: config.env === 'test',
  });
  // Calls that change state must come from the portal (cross-site request forgery); those with an API key are server to server.
  app.register(requestOriginPlugin, {
    allowedOrigins: [config.publicBaseUrl, ...config.corsOrigins],
    apiKeyPrefixes: [MERCHANT_PREFIX, EXIT_POINT_PREFIX],
  });
  // app.limits: the shared counters, the per-account limits, the polling calls' limit.
  app.register(limitsPlugin, { limits });
  // Sessions and the guard of every /api/v1/private call.
  app.register(sessionPlugin, { secureCookie: config.env === 'production' });
  // The warm path of the polling calls: registered before the routes, it learns them as they are declared. Not with
  // CORS: @fastify/cors sets headers per request origin (and `vary`) that the warm path does not make, so then every
  // call goes through Fastify.
  if (config.corsOrigins.length === 0) app.register(pollingPath.plugin);
  if (config.seedDemo) {
    app.register(async (seed) => {
      seed.addHook('onReady', async () => {
        const result = await seedDemo(seed.db, { copies: config.seedDemoCopies });
        if (result.travelersCreated > 0 || result.merchantsCreated)
          seed.log.warn(result, 'demo data created (SEED_DEMO)');
      });
    });
  }

  // Modules.
  if (config.apiDocs) {
    app.register(async (docs) => {
      docs.get(OPENAPI_PATH, { schema: { hide: true } }, async () => docs.swagger());
    });
  }
  app.register(healthRoutes);
  app.register(typologyRoutes, { prefix: `${PUBLIC_PREFIX}/typology` });
  app.register(captchaRoutes, { prefix: `${PUBLIC_PREFIX}/captcha` });
  app.register(beaconRoutes, {
    prefix: `${API_PREFIX}/${BEACON_PATH}`,
    runtimeConfigUrls: config.runtimeConfig.urls,
    refreshMs: config.runtimeConfig.refreshMs,
    ...deps.beacons,
  });
  app.register(identityRoutes, { prefix: IDENTITY_PREFIX, loginRateLimitMax: config.loginRateLimitMax });
  // The digital identity provider (SPID, OpenID Connect), when configured.
  const oidc = config.oidc ? createOidcClient(config.oidc) : undefined;
  app.register(spidIdentityRoutes, {
    prefix: IDENTITY_PREFIX,
    oidc,
    publicBaseUrl: config.publicBaseUrl,
    secureCookie: config.env === 'production',
  });
  app.register(spidPrivateRoutes, { prefix: PRIVATE_PREFIX });
  app.register(travelerSessionRoutes, {
    prefix: PRIVATE_PREFIX,
    oidc,
    publicBaseUrl: config.publicBaseUrl,
    hasPendingVisa,
    homeInvoiceCounts,
    homeVisaRequestCount,
  });
  // Passkeys (WebAuthn): the sign-in with one (public) and the traveler's own (FULL session).
  const passkeyOptions = {
    webauthn: config.webauthn,
    secureCookie: config.env === 'production',
    loginRateLimitMax: config.loginRateLimitMax,
  };
  app.register(passkeyIdentityRoutes, { prefix: IDENTITY_PREFIX, ...passkeyOptions });
  app.register(passkeyPrivateRoutes, { prefix: `${PRIVATE_PREFIX}/passkeys`, ...passkeyOptions });
  const travelerOptions = { publicBaseUrl: config.publicBaseUrl, captchaTestAnswer: config.captchaTestAnswer };
  app.register(travelerPublicRoutes, {
    prefix: PUBLIC_PREFIX,
    ...travelerOptions,
    registrationRateLimitMax: config.registrationRateLimitMax,
  });
  app.register(travelerPrivateRoutes, { prefix: PRIVATE_PREFIX, ...travelerOptions });
  app.register(invoiceRoutes, { prefix: `${PRIVATE_PREFIX}/invoices` });
  app.register(merchantRoutes, { prefix: MERCHANT_PREFIX });
  // Claims: the traveler's about a missing or wrong invoice, and the merchant's answers with its key.
  app.register(claimRoutes, { prefix: `${PRIVATE_PREFIX}/claims` });
  app.register(merchantClaimRoutes, { prefix: `${MERCHANT_PREFIX}/claims` });
  const riskOptions = { sampleRate: config.riskSampleRate };
  app.register(visaRoutes, { prefix: `${PRIVATE_PREFIX}/visa`, riskOptions, ...deps.visas });
  // Pending visa requests whose travel date has passed expire (every instance may run it: SKIP LOCKED).
  app.register(visaExpiryPlugin, deps.visaExpiry ?? {});
  app.register(exitPointRoutes, { prefix: EXIT_POINT_PREFIX, riskOptions, ...deps.exitPoint });
  // Notifications: the traveler's calls; their mails link to the portal (PUBLIC_BASE_URL).
  app.register(notificationRoutes, { prefix: `${PRIVATE_PREFIX}/notifications`, publicBaseUrl: config.publicBaseUrl });
  // Exit deadline reminders, hourly (every instance may run it: dedupe keys).
  app.register(deadlineReminderPlugin, deps.deadlineReminders ?? {});

  return app;
}
