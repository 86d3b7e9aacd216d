import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { sql } from 'kysely';
import { describeEachDatabase, type TestApp } from '../test/app';
import { signedInTraveler } from '../test/travelers';
import { RECOVER } from '../test/calls';

describeEachDatabase('password recovery timing', ({ build, database }) => {
  let app: TestApp;
  before(async () => {
    app = build();
    await app.ready();
  });

  it(
    'answers without waiting for the database, for an account and an unknown address alike, and still mails the account',
    { timeout: 10_000 },
    async (context) => {
      const traveler = await signedInTraveler(database().db);
      const email = await database()
        .db.selectFrom('traveler')
        .select('email')
        .where('id', '=', traveler.id)
        .executeTakeFirstOrThrow();
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      // The test's timeout releases the lock too, so that a failure ends instead of hanging.
      context.signal.addEventListener('abort', release);
      const locked = database()
        .db.transaction()
        .execute(async (trx) => {
          await sql`lock table traveler in access exclusive mode`.execute(trx);
          // While the traveler table is locked, any lookup of the address waits: only an answer that does not wait for
          // the work arrives now.
          const answers = await Promise.all(
            [email.email, `nobody.${process.pid}@example.com`].map((address, index) =>
              app.inject({
                method: 'POST',
                url: RECOVER,
                payload: { email: address, lan: 'EN' },
                remoteAddress: `10.77.0.${index + 1}`,
              }),
            ),
          );
          assert.deepEqual(
            answers.map((answer) => answer.statusCode),
            [204, 204],
          );
          release();
          await released;
        });
      await locked;
      await app.background.settled();
      const mails = await database()
        .db.selectFrom('mail_outbox')
        .select('template')
        .where('recipient', '=', email.email)
        .execute();
      assert.deepEqual(
        mails.map((mail) => mail.template),
        ['password-reset'],
      );
    },
  );
});
