import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { buildApp } from '../../app';
import { createPostgresDatabase } from '../../db/database';
import { describeEachDatabase, testConfig } from '../../test/app';

describeEachDatabase('health probes', ({ build }) => {
  it('/healthz answers while the process lives', async () => {
    const response = await build().inject({ method: 'GET', url: '/healthz' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { status: 'ok' });
    assert.equal(response.headers['cache-control'], 'no-store');
  });

  it('/readyz answers 200 when the database answers', async () => {
    const response = await build().inject({ method: 'GET', url: '/readyz' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { status: 'ready' });
  });
});

it('/readyz answers 503 in the error shape when the database does not answer', async () => {
  // Nothing listens on port 1: every query fails. The app is told not to migrate, so that it can start at all.
  const unreachable = createPostgresDatabase('postgres://nobody@127.0.0.1:1/none');
  const app = buildApp(testConfig({ migrateOnStart: false }), { database: unreachable, ownsDatabase: true });
  after(() => app.close());
  const response = await app.inject({ method: 'GET', url: '/readyz', headers: { 'accept-language': 'IT' } });
  assert.equal(response.statusCode, 503);
  assert.deepEqual(response.json(), { detail: 'Il database non è raggiungibile.' });
  assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
});

it('a request needing an unreachable database answers 503 with Retry-After, translated, and the process stays alive', async () => {
  const unreachable = createPostgresDatabase('postgres://nobody@127.0.0.1:1/none');
  const app = buildApp(testConfig({ migrateOnStart: false }), { database: unreachable, ownsDatabase: true });
  after(() => app.close());
  for (const [language, detail] of [
    ['EN', 'The service is temporarily unavailable. Please try again later.'],
    ['IT', 'Il servizio è temporaneamente non disponibile. Riprova più tardi.'],
  ] as const) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login-custom',
      headers: { 'accept-language': language },
      payload: { username: 'traveler@example.org', password: 'not-a-real-password' },
    });
    assert.equal(response.statusCode, 503, response.body);
    assert.deepEqual(response.json(), { detail });
    assert.equal(response.headers['retry-after'], '5');
  }
  const readiness = await app.inject({ method: 'GET', url: '/readyz' });
  assert.equal(readiness.statusCode, 503);
  assert.equal(readiness.headers['retry-after'], '5');
  assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
});
