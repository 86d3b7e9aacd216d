import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../test/app';
import { signedInTraveler } from '../test/travelers';
import { POLLING_RATE_LIMIT_MAX } from './polling-limit';

describeEachDatabase('the polling calls’ limit', ({ build, database }) => {
  it(`answers 429 past ${POLLING_RATE_LIMIT_MAX} calls a minute of one session, in the error shape, and not to the others`, async () => {
    const app = build();
    await app.ready();
    const [runaway, neighbour] = [await signedInTraveler(database().db), await signedInTraveler(database().db)];
    const heartbeat = (cookie: string, language = 'en') =>
      app.inject({ method: 'PUT', url: '/api/v1/private/visa/area', headers: { cookie, 'accept-language': language } });
    for (let call = 0; call < POLLING_RATE_LIMIT_MAX; call += 1)
      assert.equal((await heartbeat(runaway.cookie)).statusCode, 204);
    // The minute may have turned meanwhile (a slow machine): then the next window must still fill up the same way.
    let refused = await heartbeat(runaway.cookie, 'it');
    for (let call = 0; refused.statusCode === 204 && call < POLLING_RATE_LIMIT_MAX; call += 1)
      refused = await heartbeat(runaway.cookie, 'it');
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), { detail: 'Troppe richieste. Riprova tra qualche istante.' });
    const wait = Number(refused.headers['retry-after']);
    assert.ok(wait >= 1 && wait <= 60, `retry-after ${wait}`);
    assert.equal((await heartbeat(neighbour.cookie)).statusCode, 204);
    assert.equal(
      (
        await app.inject({
          method: 'GET',
          url: '/api/v1/private/notifications/count',
          headers: { cookie: runaway.cookie },
        })
      ).statusCode,
      200,
      'each polling call has its own count',
    );
  });
});
