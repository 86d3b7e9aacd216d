import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeEachDatabase } from '../../test/app';
import { signedInTraveler } from '../../test/travelers';
import { addDays, romeToday } from '@varco/contracts';
import { createTestVisaRequest } from '../exit-point/testing';
import { riskInputOf } from './history';
import { scoreRisk } from './score';

describeEachDatabase('risk history', ({ build, database }) => {
  // The app migrates the database (a PostgreSQL test database starts empty).
  before(async () => {
    await build().ready();
  });

  it('reads the request, its live invoices and the traveler’s earlier checks and denials', async () => {
    const db = database().db;
    const traveler = await signedInTraveler(db);
    // Earlier requests: one sent to a customs check with a denied invoice, one red with nothing denied, one green.
    const denied = await createTestVisaRequest(db, { traveler, state: 100, invoiceState: 10, riskResult: 10 });
    await createTestVisaRequest(db, { traveler, state: 100, invoiceState: 100, riskResult: 5 });
    await createTestVisaRequest(db, { traveler, state: 100, invoiceState: 100, riskResult: 1 });
    // Another traveler's history does not count.
    await createTestVisaRequest(db, { state: 100, invoiceState: 10, riskResult: 10 });

    const travelDate = new Date(Date.now() + 3 * 3_600_000);
    const current = await createTestVisaRequest(db, {
      traveler,
      amounts: [1200.4, 99.9],
      issuedDaysAgo: 70,
      crewMember: true,
      transportType: 'MP',
      travelDate,
    });
    // A released invoice (left the request) is not counted.
    const released = await createTestVisaRequest(db, { traveler, amounts: [5000] });
    await db
      .updateTable('visa_request_invoice')
      .set({ released_at: new Date() })
      .where('visa_request_id', '=', released.id)
      .execute();
    await db
      .insertInto('visa_request_invoice')
      .values({ visa_request_id: current.id, invoice_id: released.invoiceIds[0]!, released_at: new Date() })
      .execute();

    const now = new Date();
    const input = await riskInputOf(db, current.id, now);
    const issued = addDays(romeToday(), -70);
    assert.deepEqual(input, {
      requestId: current.id,
      totalAmount: 1300.3,
      invoices: [
        { totalAmount: 1200.4, emissionDate: issued },
        { totalAmount: 99.9, emissionDate: issued },
      ],
      crewMember: true,
      transportType: 'MP',
      travelDate,
      previousCustomsChecks: 2,
      previousDenials: 1,
      now,
    });
    assert.notEqual(denied.id, current.id);

    // All together: total > 1,000 (10) + old goods (15) + crew (20) + car (10) + 2 checks (20) + 1 denial (25) = 100, red.
    const result = scoreRisk(input, () => 0.5);
    assert.equal(result.score, 100);
    assert.equal(result.light, 10);
    assert.deepEqual(
      result.reasons.map((reason) => reason.key),
      [
        'risk.totalAbove',
        'risk.oldPurchase',
        'risk.crewMember',
        'risk.privateVehicle',
        'risk.previousChecks',
        'risk.previousDenials',
      ],
    );
  });

  it('answers 404 for an unknown request', async () => {
    await assert.rejects(
      riskInputOf(database().db, 2_000_000_000, new Date()),
      (error: Error & { statusCode?: number }) => error.statusCode === 404,
    );
  });
});
