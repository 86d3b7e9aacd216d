import assert from 'node:assert/strict';
import { it } from 'node:test';
import { HEADERS } from '@varco/contracts';
import { buildApp } from '../app';
import { describeEachDatabase, testConfig } from '../test/app';
import { recordingStatements } from '../test/statements';
import { signedInTraveler } from '../test/travelers';

const COUNT = '/api/v1/private/notifications/count';
const HEARTBEAT = '/api/v1/private/visa/area';

// The polling calls are most of the api's traffic (docs/calls.md: every signed-in browser, every 15 and 30 s): once an
// instance knows the session and the count, they must not reach the database at all (deploy/bench/README.md).
describeEachDatabase('the polling calls', ({ database }) => {
  it('answer from memory once warm: no statement on the session or the notifications, the guard and the origin check still on', async () => {
    const recording = recordingStatements(database());
    const app = buildApp(testConfig(), { database: recording.handle, visaExpiry: { enabled: false }, deadlineReminders: { enabled: false } });
    try {
      await app.ready();
      const traveler = await signedInTraveler(database().db);
      const poll = (method: 'GET' | 'PUT', url: string, cookie = traveler.cookie) => app.inject({ method, url, headers: { cookie, [HEADERS.client]: '1' } });

      assert.equal((await poll('GET', COUNT)).json<{ counter: number }>().counter, 0);
      assert.equal((await poll('PUT', HEARTBEAT)).statusCode, 204);
      const sessionReads = recording.naming('session');
      const notificationReads = recording.naming('notification');
      assert.equal(sessionReads, 1, 'the session read once');
      assert.equal(notificationReads, 1, 'the count read once');

      for (let call = 0; call < 20; call += 1) {
        const count = await poll('GET', COUNT);
        assert.equal(count.statusCode, 200);
        assert.equal(count.body, '{"counter":0}');
        assert.equal(count.headers['cache-control'], 'private, no-store');
        assert.equal((await poll('PUT', HEARTBEAT)).statusCode, 204);
      }
      assert.equal(recording.naming('session'), sessionReads, 'no further statement on the session');
      assert.equal(recording.naming('notification'), notificationReads, 'no further statement on the notifications');

      // Cheap is not open: an unknown session is still refused, and a forged state-changing call too.
      assert.equal((await poll('GET', COUNT, 'varco_session=unknown')).statusCode, 401);
      assert.equal((await poll('PUT', HEARTBEAT, 'varco_session=unknown')).statusCode, 401);
      const forged = await app.inject({ method: 'PUT', url: HEARTBEAT, headers: { cookie: traveler.cookie, origin: 'https://evil.example' } });
      assert.equal(forged.statusCode, 403);
    } finally {
      await app.close();
    }
  });
});
