import { z } from 'zod';
import { isQrSigningKey } from './modules/qr';
import type { AccountLimitSettings } from './plugins/limits/account-limits';
import { httpUrl, optional } from './env-variables';
import { DEFAULT_DATA_DIR } from './paths';
import { TRACING_ENV, tracingConfig, type TracingConfig } from './telemetry/settings';

/** An unset variable and an empty one (`FOO=` in an env file) mean the same: use the default. */
const origin = httpUrl(
  'each origin must be scheme://host[:port], with no path or trailing slash',
  (url, value) => url.origin === value,
);

/** Where `npm start` serves the portal on a developer machine (deploy/local-cdn). */
export const DEFAULT_PUBLIC_BASE_URL = 'http://localhost:8080';

const DEFAULT_MAIL_FROM = 'Varco <no-reply@varco.localhost>';

/** One or more values separated by commas (spaces around them ignored), each checked by `item`. */
const commaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((each) => each.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).min(1));

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const portNumber = z.coerce.number().int().min(0).max(65535);

const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test']).default('development')),
  HOST: optional(z.string().min(1).default('127.0.0.1')),
  PORT: optional(portNumber.default(3000)),
  DATABASE_URL: optional(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATABASE_POOL_MAX: optional(z.coerce.number().int().min(1).max(100).default(10)),
  DATA_DIR: optional(z.string().min(1).default(DEFAULT_DATA_DIR)),
  CORS_ORIGINS: optional(
    z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      )
      .pipe(z.array(origin)),
  ),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  PUBLIC_BASE_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  TRUST_PROXY: optional(booleanFlag.default(false)),
  // Generous on purpose: travelers at an airport share one Wi-Fi address. Sensitive calls get their own, stricter limits.
  RATE_LIMIT_MAX: optional(z.coerce.number().int().min(1).default(1000)),
  MIGRATE_ON_START: optional(booleanFlag.default(true)),
  SMTP_URL: optional(
    z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optional(
    z
      .string()
      .trim()
      .regex(
        /^(?:[^<>]*<[^@\s<>]+@[^@\s<>]+>|[^@\s<>]+@[^@\s<>]+)$/,
        'must be an address, alone or as "Name <address>"',
      )
      .default(DEFAULT_MAIL_FROM),
  ),
  MAIL_POLL_MS: optional(z.coerce.number().int().min(100).max(3_600_000).default(5_000)),
  SEED_DEMO: optional(booleanFlag.default(false)),
  SEED_DEMO_COPIES: optional(z.coerce.number().int().min(0).max(500).default(0)),
  /** Unset: on, except when NODE_ENV is production. */
  API_DOCS: optional(booleanFlag.optional()),
  // Per client address: generous, an airport's travelers share one address; the per-account limits stop the targeting.
  LOGIN_RATE_LIMIT_MAX: optional(z.coerce.number().int().min(1).default(60)),
  REGISTRATION_RATE_LIMIT_MAX: optional(z.coerce.number().int().min(1).default(10)),
  // Per account (plugins/limits/account-limits.ts): wrong passwords before the lock, mails per hour.
  ACCOUNT_SIGNIN_FAILURES: optional(z.coerce.number().int().min(1).default(10)),
  ACCOUNT_MAILS_PER_HOUR: optional(z.coerce.number().int().min(1).default(5)),
  ACCOUNT_OTP_MAILS_PER_HOUR: optional(z.coerce.number().int().min(1).default(12)),
  // Claims to merchants per traveler and day (modules/claims).
  ACCOUNT_CLAIMS_PER_DAY: optional(z.coerce.number().int().min(1).default(5)),
  // Where the abuse limits count across instances; unset, in the database.
  REDIS_URL: optional(
    z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  // The share of visa requests drawn for a customs check whatever their risk score (0 to 1).
  RISK_SAMPLE_RATE: optional(z.coerce.number().min(0).max(1).default(0.03)),
  // Browser tests only: an answer accepted for any live captcha challenge. Refused in production.
  CAPTCHA_TEST_ANSWER: optional(z.string().trim().min(1).max(32).optional()),
  // The digital identity provider (OpenID Connect): all four or none.
  OIDC_ISSUER: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  OIDC_CLIENT_ID: optional(z.string().trim().min(1).optional()),
  OIDC_CLIENT_SECRET: optional(z.string().min(1).optional()),
  OIDC_REDIRECT_URI: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  // Passkeys (WebAuthn): the relying party id and the origins whose pages may run the ceremonies. Unset: the host and
  // origin of PUBLIC_BASE_URL.
  WEBAUTHN_RP_ID: optional(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9.-]+$/, 'must be a host name (no scheme, port or path)')
      .optional(),
  ),
  WEBAUTHN_ORIGINS: optional(commaList(origin).optional()),
  // The runtime configurations the portal serves (its /config.json), read for the releases the browsers' reports may
  // name. Unset: PUBLIC_BASE_URL's /config.json, where the portal's origin serves it.
  RUNTIME_CONFIG_URLS: optional(commaList(z.url({ protocol: /^https?$/ })).optional()),
  RUNTIME_CONFIG_REFRESH_SECONDS: optional(z.coerce.number().int().min(1).max(3600).default(30)),
  // The metrics listener (Prometheus text at /metrics): a port of its own, which the public web server never proxies.
  // Unset, no metrics: two instances on one machine each need their own port, so there is no default to share.
  METRICS_PORT: optional(z.coerce.number().int().min(1).max(65535).optional()),
  // Loopback unless told: what the api says about itself is for the agency's Prometheus, on a private network.
  METRICS_HOST: optional(z.string().trim().min(1).default('127.0.0.1')),
  // The Ed25519 key that signs the visa QR codes (modules/qr): PKCS#8 PEM, or its base64 on one line.
  QR_SIGNING_KEY: optional(
    z.string().refine(isQrSigningKey, 'must be an Ed25519 private key in PKCS#8 PEM, or the base64 of it').optional(),
  ),
  // OpenTelemetry's own variables (telemetry/settings.ts): tracing is on when an OTLP endpoint is set.
  ...TRACING_ENV,
});

const OIDC_VARIABLES = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_REDIRECT_URI'] as const;

/** Messages that name the expectation; zod's defaults ("received NaN") do not help an operator. */
const HINTS: Readonly<Record<string, string>> = {
  PORT: 'must be an integer from 0 to 65535',
  DATABASE_POOL_MAX: 'must be an integer from 1 to 100',
  RATE_LIMIT_MAX: 'must be a positive integer',
  TRUST_PROXY: 'must be true, false, 1 or 0',
  API_DOCS: 'must be true, false, 1 or 0',
  MIGRATE_ON_START: 'must be true, false, 1 or 0',
  MAIL_POLL_MS: 'must be an integer from 100 to 3600000 (milliseconds)',
  SEED_DEMO: 'must be true, false, 1 or 0',
  SEED_DEMO_COPIES: 'must be an integer from 0 to 500',
  LOGIN_RATE_LIMIT_MAX: 'must be a positive integer',
  REGISTRATION_RATE_LIMIT_MAX: 'must be a positive integer',
  ACCOUNT_SIGNIN_FAILURES: 'must be a positive integer',
  ACCOUNT_MAILS_PER_HOUR: 'must be a positive integer',
  ACCOUNT_OTP_MAILS_PER_HOUR: 'must be a positive integer',
  ACCOUNT_CLAIMS_PER_DAY: 'must be a positive integer',
  RISK_SAMPLE_RATE: 'must be a number from 0 to 1',
  METRICS_PORT: 'must be an integer from 1 to 65535',
  RUNTIME_CONFIG_URLS: 'must be one or more http(s) URLs, separated by commas',
  RUNTIME_CONFIG_REFRESH_SECONDS: 'must be an integer from 1 to 3600 (seconds)',
};

/** Rules between variables, checked on the raw environment so that they are reported with every other problem. */
function crossFieldProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (env.NODE_ENV === 'production' && !env.PUBLIC_BASE_URL)
    problems.push('PUBLIC_BASE_URL: is required when NODE_ENV is production');
  if (env.NODE_ENV === 'production' && env.CAPTCHA_TEST_ANSWER)
    problems.push('CAPTCHA_TEST_ANSWER: must not be set when NODE_ENV is production');
  if (env.NODE_ENV === 'production' && ['true', '1'].includes(env.SEED_DEMO ?? ''))
    problems.push('SEED_DEMO: must not be true when NODE_ENV is production (the demo accounts and keys are public)');
  if (Number(env.SEED_DEMO_COPIES ?? 0) > 0 && !['true', '1'].includes(env.SEED_DEMO ?? ''))
    problems.push('SEED_DEMO_COPIES: needs SEED_DEMO (the copies are of the demo traveler)');
  const oidcSet = OIDC_VARIABLES.filter((name) => env[name]);
  if (oidcSet.length > 0 && oidcSet.length < OIDC_VARIABLES.length) {
    problems.push(
      `${OIDC_VARIABLES.filter((name) => !env[name]).join(', ')}: must be set with the other OIDC_* variables (all four or none)`,
    );
  }
  // Every instance must sign with the same key, and a key generated on one machine's disk is not managed: production names it.
  if (env.NODE_ENV === 'production' && !env.QR_SIGNING_KEY)
    problems.push(
      'QR_SIGNING_KEY: is required when NODE_ENV is production (an Ed25519 private key, PKCS#8 PEM or its base64)',
    );
  problems.push(...webauthnProblems(env));
  if (env.METRICS_PORT && Number(env.METRICS_PORT) === Number(env.PORT || 3000))
    problems.push('METRICS_PORT: must differ from PORT (the metrics have a listener of their own)');
  if (env.NODE_ENV === 'production' && env.OIDC_ISSUER?.startsWith('http:'))
    problems.push('OIDC_ISSUER: must be an https URL when NODE_ENV is production');
  return problems;
}

/** The passkeys' relying party: its id, and the origins of the portal pages that run the ceremonies. */
export interface WebauthnConfig {
  rpId: string;
  origins: string[];
}

/**
 * WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS, each defaulting to what PUBLIC_BASE_URL gives. A browser refuses an RP ID that
 * is not the page's host or a parent domain of it, so every origin must be on the RP ID: checked at start, not at the
 * first traveler's failed sign-in.
 */
function webauthnSettings(env: NodeJS.ProcessEnv): WebauthnConfig {
  const base = new URL(env.PUBLIC_BASE_URL || DEFAULT_PUBLIC_BASE_URL);
  const origins = env.WEBAUTHN_ORIGINS
    ? env.WEBAUTHN_ORIGINS.split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : [base.origin];
  return { rpId: env.WEBAUTHN_RP_ID?.trim().toLowerCase() || base.hostname, origins };
}

function webauthnProblems(env: NodeJS.ProcessEnv): string[] {
  let settings: WebauthnConfig;
  try {
    settings = webauthnSettings(env);
  } catch {
    return []; // a malformed PUBLIC_BASE_URL or origin is reported by the schema
  }
  const outside = settings.origins.filter((value) => {
    try {
      const host = new URL(value).hostname;
      return host !== settings.rpId && !host.endsWith(`.${settings.rpId}`);
    } catch {
      return false;
    }
  });
  return outside.length > 0
    ? [`WEBAUTHN_ORIGINS: every origin must be on the RP ID ${settings.rpId} (its host or a subdomain of it)`]
    : [];
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** When set, PostgreSQL through a pool; when unset, embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  databasePoolMax: number;
  dataDir: string;
  corsOrigins: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** The portal origin, used in links sent by mail. */
  publicBaseUrl: string;
  /** True behind a reverse proxy or CDN, so that `request.ip` (rate limit, logs) is the client's. */
  trustProxy: boolean;
  /** Requests per minute and per client address. */
  rateLimitMax: number;
  migrateOnStart: boolean;
  /** The SMTP server the mail dispatcher sends through; unset, mails stay in the outbox. May hold a password. */
  smtpUrl: string | undefined;
  /** The From of every mail. */
  mailFrom: string;
  /** How often the dispatcher looks at the outbox (an enqueue in this process wakes it at once). */
  mailPollMs: number;
  /** Create the ACTIVE demo traveler at start when missing (`npm start`, browser tests). */
  seedDemo: boolean;
  /** Copies of the first demo traveler, each with their own mail and passport and the same history (trainings, browser tests). */
  seedDemoCopies: number;
  /** Credentials sign-in attempts per minute and per client address. */
  loginRateLimitMax: number;
  /** Registrations per minute and per client address. */
  registrationRateLimitMax: number;
  /** The limits per account: wrong passwords before the lock, mails per hour (ACCOUNT_*). */
  accountLimits: AccountLimitSettings;
  /** REDIS_URL: the abuse limits count in Redis; unset, in the database. May hold a password. */
  redisUrl: string | undefined;
  /** The random sample of the risk analysis: this share of requests goes to a customs check (0 in the browser tests). */
  riskSampleRate: number;
  /** Browser tests only: also accepted as the answer of any live captcha challenge (never in production). */
  captchaTestAnswer: string | undefined;
  /** The digital identity provider (OpenID Connect); unset, its sign-in answers 503. */
  oidc: OidcConfig | undefined;
  /**
   * QR_SIGNING_KEY, the Ed25519 key that signs the visa QR codes (a secret: never logged). Unset outside production:
   * a key generated once in `<dataDir>/qr-signing-key.pem` (tests: a key of the process only).
   */
  qrSigningKey: string | undefined;
  /** The passkeys' relying party (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS; by default from PUBLIC_BASE_URL). */
  webauthn: WebauthnConfig;
  /** Serve the api's documentation (`/api/docs`, `/api/openapi.json`): API_DOCS, off by default in production. */
  apiDocs: boolean;
  /** Where traces go (OTEL_*); absent, the api does not trace. */
  tracing?: TracingConfig;
  /** The metrics listener (METRICS_HOST, METRICS_PORT); undefined when METRICS_PORT is unset: no metrics. */
  metrics: { host: string; port: number } | undefined;
  /**
   * The portal's runtime configurations (RUNTIME_CONFIG_URLS; PUBLIC_BASE_URL's /config.json by default), read every
   * `refreshMs` (RUNTIME_CONFIG_REFRESH_SECONDS) for the releases the browsers' reports may name.
   */
  runtimeConfig: { urls: string[]; refreshMs: number };
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  /** A secret: never logged. */
  clientSecret: string;
  /** The api's callback as the browser sees it (through the portal's origin). */
  redirectUri: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration of the api:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration once; throws a ConfigError listing every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = [
    ...(parsed.error?.issues ?? []).map((issue) => {
      // Values are never echoed: DATABASE_URL may hold a password.
      const name = issue.path.filter((part) => typeof part === 'string')[0] ?? '(environment)';
      return `${name}: ${HINTS[name] ?? issue.message}`;
    }),
    ...crossFieldProblems(env),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const value = parsed.data;
  return {
    env: value.NODE_ENV,
    host: value.HOST,
    port: value.PORT,
    databaseUrl: value.DATABASE_URL,
    databasePoolMax: value.DATABASE_POOL_MAX,
    dataDir: value.DATA_DIR,
    corsOrigins: value.CORS_ORIGINS,
    logLevel: value.LOG_LEVEL,
    // The default is where `npm start` serves the portal; production must name it (crossFieldProblems).
    publicBaseUrl: (value.PUBLIC_BASE_URL ?? DEFAULT_PUBLIC_BASE_URL).replace(/\/+$/, ''),
    trustProxy: value.TRUST_PROXY,
    rateLimitMax: value.RATE_LIMIT_MAX,
    migrateOnStart: value.MIGRATE_ON_START,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    mailPollMs: value.MAIL_POLL_MS,
    seedDemo: value.SEED_DEMO,
    seedDemoCopies: value.SEED_DEMO_COPIES,
    loginRateLimitMax: value.LOGIN_RATE_LIMIT_MAX,
    registrationRateLimitMax: value.REGISTRATION_RATE_LIMIT_MAX,
    accountLimits: {
      signInFailures: value.ACCOUNT_SIGNIN_FAILURES,
      mailsPerHour: value.ACCOUNT_MAILS_PER_HOUR,
      otpMailsPerHour: value.ACCOUNT_OTP_MAILS_PER_HOUR,
      claimsPerDay: value.ACCOUNT_CLAIMS_PER_DAY,
    },
    redisUrl: value.REDIS_URL,
    riskSampleRate: value.RISK_SAMPLE_RATE,
    captchaTestAnswer: value.CAPTCHA_TEST_ANSWER,
    oidc:
      value.OIDC_ISSUER && value.OIDC_CLIENT_ID && value.OIDC_CLIENT_SECRET && value.OIDC_REDIRECT_URI
        ? {
            issuer: value.OIDC_ISSUER,
            clientId: value.OIDC_CLIENT_ID,
            clientSecret: value.OIDC_CLIENT_SECRET,
            redirectUri: value.OIDC_REDIRECT_URI,
          }
        : undefined,
    qrSigningKey: value.QR_SIGNING_KEY,
    webauthn: webauthnSettings(env),
    apiDocs: value.API_DOCS ?? value.NODE_ENV !== 'production',
    ...tracingConfig(value),
    metrics: value.METRICS_PORT === undefined ? undefined : { host: value.METRICS_HOST, port: value.METRICS_PORT },
    runtimeConfig: {
      urls: value.RUNTIME_CONFIG_URLS ?? [
        `${(value.PUBLIC_BASE_URL ?? DEFAULT_PUBLIC_BASE_URL).replace(/\/+$/, '')}/config.json`,
      ],
      refreshMs: value.RUNTIME_CONFIG_REFRESH_SECONDS * 1000,
    },
  };
}
