import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from './config';
import { generateQrSigningKey, qrSigningKeyPem } from './modules/qr';
import { DEFAULT_DATA_DIR } from './paths';

/** A real key for the variables that need one (production). */
const QR_KEY_PEM = qrSigningKeyPem(generateQrSigningKey());

describe('configuration', () => {
  it('has working defaults for a developer machine', () => {
    const config = loadConfig({});
    assert.equal(config.env, 'development');
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.port, 3000);
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.dataDir, DEFAULT_DATA_DIR);
    assert.match(config.dataDir, /\.data[/\\]pglite$/);
    assert.deepEqual(config.corsOrigins, []);
    assert.equal(config.logLevel, 'info');
    assert.equal(config.publicBaseUrl, 'http://localhost:8080');
    assert.equal(config.trustProxy, false);
    assert.equal(config.rateLimitMax, 1000);
    assert.equal(config.migrateOnStart, true);
    assert.equal(config.smtpUrl, undefined);
    assert.equal(config.mailFrom, 'Varco <no-reply@varco.localhost>');
    assert.equal(config.mailPollMs, 5000);
    assert.equal(config.qrSigningKey, undefined);
    assert.equal(config.metrics, undefined);
  });

  it('checks the mail settings without echoing the SMTP URL, which may hold a password', () => {
    assert.equal(loadConfig({ MAIL_FROM: 'no-reply@portal.example.org' }).mailFrom, 'no-reply@portal.example.org');
    assert.throws(
      () => loadConfig({ SMTP_URL: 'http://user:hunter2@smtp.example.org', MAIL_FROM: 'Varco', MAIL_POLL_MS: '10' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.problems.length === 3 &&
        error.problems.includes('SMTP_URL: must be an smtp:// or smtps:// URL') &&
        error.problems.some((problem) => problem.startsWith('MAIL_FROM: ')) &&
        error.problems.includes('MAIL_POLL_MS: must be an integer from 100 to 3600000 (milliseconds)') &&
        !error.message.includes('hunter2'),
    );
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: '8443',
      DATABASE_URL: 'postgres://varco:secret@db:5432/varco',
      DATABASE_POOL_MAX: '20',
      DATA_DIR: '/var/lib/varco',
      CORS_ORIGINS: 'https://portal.example.org, http://localhost:8080',
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: 'https://portal.example.org/',
      TRUST_PROXY: 'true',
      RATE_LIMIT_MAX: '50',
      MIGRATE_ON_START: 'false',
      SMTP_URL: 'smtp://mailer:secret@smtp.example.org:587',
      MAIL_FROM: 'Varco <no-reply@portal.example.org>',
      MAIL_POLL_MS: '2000',
      SEED_DEMO: 'false',
      LOGIN_RATE_LIMIT_MAX: '20',
      REGISTRATION_RATE_LIMIT_MAX: '4',
      ACCOUNT_SIGNIN_FAILURES: '8',
      ACCOUNT_MAILS_PER_HOUR: '3',
      ACCOUNT_OTP_MAILS_PER_HOUR: '9',
      ACCOUNT_CLAIMS_PER_DAY: '3',
      REDIS_URL: 'redis://:secret@cache:6379/0',
      RISK_SAMPLE_RATE: '0.05',
      OIDC_ISSUER: 'https://id.example.org',
      OIDC_CLIENT_ID: 'varco',
      OIDC_CLIENT_SECRET: 's3cret',
      OIDC_REDIRECT_URI: 'https://portal.example.org/api/v1/auth/spid/callback',
      QR_SIGNING_KEY: QR_KEY_PEM,
      WEBAUTHN_RP_ID: 'example.org',
      WEBAUTHN_ORIGINS: 'https://portal.example.org, https://varco.example.org',
      METRICS_PORT: '9464',
      METRICS_HOST: '10.0.1.10',
      RUNTIME_CONFIG_URLS: 'https://cdn.example.org/config.json, https://portal.example.org/config.json',
      RUNTIME_CONFIG_REFRESH_SECONDS: '60',
    });
    assert.deepEqual(config, {
      env: 'production',
      host: '0.0.0.0',
      port: 8443,
      databaseUrl: 'postgres://varco:secret@db:5432/varco',
      databasePoolMax: 20,
      dataDir: '/var/lib/varco',
      corsOrigins: ['https://portal.example.org', 'http://localhost:8080'],
      logLevel: 'warn',
      publicBaseUrl: 'https://portal.example.org',
      trustProxy: true,
      rateLimitMax: 50,
      migrateOnStart: false,
      smtpUrl: 'smtp://mailer:secret@smtp.example.org:587',
      mailFrom: 'Varco <no-reply@portal.example.org>',
      mailPollMs: 2000,
      seedDemo: false,
      seedDemoCopies: 0,
      loginRateLimitMax: 20,
      registrationRateLimitMax: 4,
      accountLimits: { signInFailures: 8, mailsPerHour: 3, otpMailsPerHour: 9, claimsPerDay: 3 },
      redisUrl: 'redis://:secret@cache:6379/0',
      riskSampleRate: 0.05,
      captchaTestAnswer: undefined,
      oidc: {
        issuer: 'https://id.example.org',
        clientId: 'varco',
        clientSecret: 's3cret',
        redirectUri: 'https://portal.example.org/api/v1/auth/spid/callback',
      },
      qrSigningKey: QR_KEY_PEM,
      webauthn: { rpId: 'example.org', origins: ['https://portal.example.org', 'https://varco.example.org'] },
      apiDocs: false,
      metrics: { host: '10.0.1.10', port: 9464 },
      runtimeConfig: {
        urls: ['https://cdn.example.org/config.json', 'https://portal.example.org/config.json'],
        refreshMs: 60_000,
      },
    });
  });

  it('reads the runtime configuration where the portal serves it unless told, every 30 s', () => {
    assert.deepEqual(loadConfig({ PUBLIC_BASE_URL: 'https://www.varco.example/' }).runtimeConfig, {
      urls: ['https://www.varco.example/config.json'],
      refreshMs: 30_000,
    });
    assert.deepEqual(loadConfig({}).runtimeConfig.urls, ['http://localhost:8080/config.json']);
    assert.throws(
      () => loadConfig({ RUNTIME_CONFIG_URLS: 'cdn.example.org/config.json', RUNTIME_CONFIG_REFRESH_SECONDS: '0' }),
      (error: Error) =>
        error.message.includes('RUNTIME_CONFIG_URLS: must be one or more http(s) URLs, separated by commas') &&
        error.message.includes('RUNTIME_CONFIG_REFRESH_SECONDS: must be an integer from 1 to 3600 (seconds)'),
    );
  });

  it('serves metrics only when METRICS_PORT names a port of their own, on loopback unless METRICS_HOST says', () => {
    assert.deepEqual(loadConfig({ METRICS_PORT: '9464' }).metrics, { host: '127.0.0.1', port: 9464 });
    assert.deepEqual(loadConfig({ METRICS_PORT: '', METRICS_HOST: '0.0.0.0' }).metrics, undefined);
    for (const [env, problem] of [
      [{ METRICS_PORT: '0' }, 'METRICS_PORT: must be an integer from 1 to 65535'],
      [{ METRICS_PORT: 'nine' }, 'METRICS_PORT: must be an integer from 1 to 65535'],
      [{ METRICS_PORT: '3000' }, 'METRICS_PORT: must differ from PORT (the metrics have a listener of their own)'],
      [
        { PORT: '8080', METRICS_PORT: '8080' },
        'METRICS_PORT: must differ from PORT (the metrics have a listener of their own)',
      ],
    ] as const) {
      assert.throws(
        () => loadConfig(env),
        (error: unknown) =>
          error instanceof ConfigError && error.problems.length === 1 && error.problems[0] === problem,
        JSON.stringify(env),
      );
    }
  });

  it('takes the passkeys’ RP ID and origin from PUBLIC_BASE_URL, and refuses an origin a browser would not run them on', () => {
    assert.deepEqual(loadConfig({}).webauthn, { rpId: 'localhost', origins: ['http://localhost:8080'] });
    assert.deepEqual(loadConfig({ PUBLIC_BASE_URL: 'https://portal.example.org/' }).webauthn, {
      rpId: 'portal.example.org',
      origins: ['https://portal.example.org'],
    });
    assert.throws(
      () => loadConfig({ PUBLIC_BASE_URL: 'https://portal.example.org', WEBAUTHN_RP_ID: 'example.com' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.problems.length === 1 &&
        error.problems[0] ===
          'WEBAUTHN_ORIGINS: every origin must be on the RP ID example.com (its host or a subdomain of it)',
    );
    assert.throws(
      () => loadConfig({ WEBAUTHN_RP_ID: 'https://example.org', WEBAUTHN_ORIGINS: 'example.org/path' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.problems.some((problem) => problem.startsWith('WEBAUTHN_RP_ID: must be a host name')) &&
        error.problems.some((problem) => problem.startsWith('WEBAUTHN_ORIGINS: ')),
    );
  });

  it('serves the api documentation by default except in production, and API_DOCS decides when set', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_BASE_URL: 'https://portal.example.org',
      QR_SIGNING_KEY: QR_KEY_PEM,
    };
    assert.equal(loadConfig({}).apiDocs, true);
    assert.equal(loadConfig(production).apiDocs, false);
    assert.equal(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs, true);
    assert.equal(loadConfig({ API_DOCS: '0' }).apiDocs, false);
    assert.throws(
      () => loadConfig({ API_DOCS: 'maybe' }),
      (error: unknown) => error instanceof ConfigError && error.problems[0] === 'API_DOCS: must be true, false, 1 or 0',
    );
  });

  it('requires QR_SIGNING_KEY in production, as an Ed25519 PKCS#8 key (PEM or its base64), never echoing it', () => {
    const production = { NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://portal.example.org' };
    assert.throws(
      () => loadConfig(production),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.problems.length === 1 &&
        error.problems[0]!.startsWith('QR_SIGNING_KEY: is required when NODE_ENV is production'),
    );
    assert.equal(loadConfig({ ...production, QR_SIGNING_KEY: QR_KEY_PEM }).qrSigningKey, QR_KEY_PEM);
    const base64 = Buffer.from(QR_KEY_PEM).toString('base64');
    assert.equal(loadConfig({ ...production, QR_SIGNING_KEY: base64 }).qrSigningKey, base64);
    // Outside production it may be left out (a key is generated in DATA_DIR).
    assert.equal(loadConfig({ NODE_ENV: 'development' }).qrSigningKey, undefined);
    for (const bad of ['not-a-key-hunter2', Buffer.from('hunter2 and more').toString('base64')]) {
      assert.throws(
        () => loadConfig({ QR_SIGNING_KEY: bad }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.problems.length === 1 &&
          error.problems[0] === 'QR_SIGNING_KEY: must be an Ed25519 private key in PKCS#8 PEM, or the base64 of it' &&
          !error.message.includes('hunter2'),
      );
    }
  });

  it('refuses the demo data in production: its accounts and merchant keys are public', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://portal.example.org', SEED_DEMO: 'true' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.problems.some((problem) => problem.startsWith('SEED_DEMO: must not be true')),
    );
  });

  it('takes the OIDC_* variables all together or not at all, never echoing the secret', () => {
    assert.equal(loadConfig({}).oidc, undefined);
    assert.throws(
      () => loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:8090', OIDC_CLIENT_SECRET: 'do-not-echo' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.problems.some((problem) => problem.startsWith('OIDC_CLIENT_ID, OIDC_REDIRECT_URI: must be set with')) &&
        !error.message.includes('do-not-echo'),
    );
    assert.throws(
      () =>
        loadConfig({
          OIDC_ISSUER: 'not a url',
          OIDC_CLIENT_ID: 'a',
          OIDC_CLIENT_SECRET: 'b',
          OIDC_REDIRECT_URI: 'http://localhost:8080/cb',
        }),
      ConfigError,
    );
  });

  it('accepts CAPTCHA_TEST_ANSWER outside production only, without echoing it', () => {
    assert.equal(loadConfig({ NODE_ENV: 'test', CAPTCHA_TEST_ANSWER: 'E2E42' }).captchaTestAnswer, 'E2E42');
    assert.equal(loadConfig({}).captchaTestAnswer, undefined);
    assert.throws(
      () =>
        loadConfig({
          NODE_ENV: 'production',
          PUBLIC_BASE_URL: 'https://portal.example.org',
          QR_SIGNING_KEY: QR_KEY_PEM,
          CAPTCHA_TEST_ANSWER: 'E2E42',
        }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.problems.length === 1 &&
        error.problems[0] === 'CAPTCHA_TEST_ANSWER: must not be set when NODE_ENV is production' &&
        !error.message.includes('E2E42'),
    );
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', CORS_ORIGINS: '' });
    assert.equal(config.port, 3000);
    assert.equal(config.databaseUrl, undefined);
    assert.deepEqual(config.corsOrigins, []);
  });

  it('fails with one message that lists every problem', () => {
    let failure: unknown;
    try {
      loadConfig({
        NODE_ENV: 'production',
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db/varco',
        CORS_ORIGINS: 'https://ok.example.org,https://bad.example.org/path',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: 'maybe',
      });
    } catch (error) {
      failure = error;
    }
    assert.ok(failure instanceof ConfigError);
    const message = failure.message;
    assert.match(message, /^Invalid configuration of the api:/);
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'CORS_ORIGINS',
      'LOG_LEVEL',
      'TRUST_PROXY',
      'PUBLIC_BASE_URL',
      'QR_SIGNING_KEY',
    ]) {
      assert.match(message, new RegExp(`^  - ${name}: `, 'm'), `${name} is named`);
    }
    assert.match(message, /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    assert.match(message, /PUBLIC_BASE_URL: is required when NODE_ENV is production/);
    assert.equal(failure.problems.length, 7);
  });

  it('stops the server at start with that message and exit code 1', () => {
    const server = fileURLToPath(new URL('./server.ts', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', 'tsx', server], {
      env: { PATH: process.env.PATH, PORT: '99999', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      // tsx compiles the whole api before the check runs: seconds on a quiet machine, many more on a loaded one.
      timeout: 90_000,
    });
    assert.equal(result.status, 1);
    assert.equal(
      result.stderr.trim(),
      'Invalid configuration of the api:\n  - PORT: must be an integer from 0 to 65535\nThe api stops with exit code 1.',
    );
  });
});
