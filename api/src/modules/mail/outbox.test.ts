import assert from 'node:assert/strict';
import { before, beforeEach, it } from 'node:test';
import { migrate, readMigrations } from '../../db/migrator';
import { MIGRATIONS_DIR } from '../../paths';
import { describeEachDatabase } from '../../test/app';
import { enqueueMail, onMailEnqueued } from './outbox';

describeEachDatabase('mail outbox', ({ database }) => {
  before(async () => {
    await migrate(database(), readMigrations(MIGRATIONS_DIR));
  });
  beforeEach(async () => {
    await database().db.deleteFrom('mail_outbox').execute();
  });

  it('stores the rendered mail, due now, with no attempt yet', async () => {
    const id = await enqueueMail(database().db, {
      to: 'traveler@example.com',
      name: null,
      language: 'IT',
      template: 'otp',
      params: { code: '123456', validityMinutes: 5 },
    });
    const row = await database()
      .db.selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(row.recipient, 'traveler@example.com');
    assert.equal(row.language, 'IT');
    assert.equal(row.template, 'otp');
    assert.equal(row.subject, 'Il tuo codice di accesso a Varco');
    assert.match(row.text_body, /123456/);
    assert.match(row.html_body, /<html lang="it" dir="ltr">/);
    assert.equal(row.attempts, 0);
    assert.equal(row.sent_at, null);
    assert.ok(row.next_attempt_at.getTime() <= Date.now() + 1_000);
  });

  it('writes the mail with its cause: a transaction that rolls back leaves no mail', async () => {
    const db = database().db;
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await enqueueMail(trx, {
          to: 'gone@example.com',
          name: null,
          language: 'EN',
          template: 'activation',
          params: { link: 'http://localhost:8080/a?k=1' },
        });
        throw new Error('the sign-up failed after the mail was enqueued');
      }),
      /sign-up failed/,
    );
    await db.transaction().execute(async (trx) => {
      await enqueueMail(trx, {
        to: 'kept@example.com',
        name: null,
        language: 'EN',
        template: 'activation',
        params: { link: 'http://localhost:8080/a?k=2' },
      });
    });
    const rows = await db.selectFrom('mail_outbox').select('recipient').execute();
    assert.deepEqual(
      rows.map((row) => row.recipient),
      ['kept@example.com'],
    );
  });

  it('tells the listeners of this process, which can stop listening', async () => {
    let calls = 0;
    const stop = onMailEnqueued(() => (calls += 1));
    await enqueueMail(database().db, {
      to: 'a@example.com',
      name: null,
      language: 'EN',
      template: 'password-reset',
      params: { link: 'http://localhost:8080/r', passkeys: 0 },
    });
    stop();
    await enqueueMail(database().db, {
      to: 'b@example.com',
      name: null,
      language: 'EN',
      template: 'password-reset',
      params: { link: 'http://localhost:8080/r', passkeys: 0 },
    });
    assert.equal(calls, 1);
  });
});
