import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { addDays, romeToday } from '@varco/contracts';
import { createMerchantService } from '../merchants';
import { signedInTraveler, type SignedInTraveler } from '../../test/travelers';

/**
 * Visa requests written straight into the database, in any state, for the tests of the exit point and the risk
 * history (which need not go through the traveler's calls).
 */

export interface TestVisaRequest {
  id: number;
  publicId: string;
  travelerId: number;
  qrIssuedAt: Date;
  invoiceIds: number[];
}

/** One vendor per database (a test file may run on PGlite and PostgreSQL). */
const merchants = new WeakMap<Kysely<Database>, Promise<number>>();
let sequence = 0;

function merchant(db: Kysely<Database>): Promise<number> {
  let id = merchants.get(db);
  if (!id) {
    id = createMerchantService(db)
      .createMerchant({
        kind: 'VENDOR',
        name: 'Negozio Uscita S.r.l.',
        vatNumber: `IT-X${process.pid}-${randomBytes(3).toString('hex')}`,
      })
      .then((created) => created.merchant.id);
    merchants.set(db, id);
  }
  return id;
}

export interface TestVisaOptions {
  traveler?: SignedInTraveler;
  state?: number;
  /** Invoice state for all invoices (90 for a pending request by default). */
  invoiceState?: number;
  amounts?: number[];
  /** Days before today of the invoices' issue. */
  issuedDaysAgo?: number;
  crewMember?: boolean;
  transportType?: 'AE' | 'MP';
  riskResult?: 1 | 5 | 10 | null;
  travelDate?: Date;
}

export async function createTestVisaRequest(
  db: Kysely<Database>,
  options: TestVisaOptions = {},
): Promise<TestVisaRequest & { traveler: SignedInTraveler }> {
  const traveler = options.traveler ?? (await signedInTraveler(db));
  const vendor = await merchant(db);
  const today = romeToday();
  const issued = addDays(today, -(options.issuedDaysAgo ?? 2));
  const invoiceIds: number[] = [];
  for (const amount of options.amounts ?? [250]) {
    sequence += 1;
    const row = await db
      .insertInto('invoice')
      .values({
        request_code:
          `TF-${issued.slice(0, 4)}-X${process.pid}${sequence}${randomBytes(2).toString('hex')}`.toUpperCase(),
        merchant_id: vendor,
        vendor_vat_number: 'IT01234567897',
        vendor_name: 'Negozio Uscita S.r.l.',
        broker_name: null,
        invoice_number: `EX-${process.pid}-${sequence}-${randomBytes(2).toString('hex')}`,
        emission_date: issued,
        total_amount: amount,
        iva_amount: Math.round(amount * 18) / 100,
        document_type: traveler.document.type,
        document_country: traveler.document.country,
        document_number: traveler.document.number,
        traveler_name: 'Grace Hopper',
        state_code: options.invoiceState ?? 90,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    invoiceIds.push(row.id);
  }
  const request = await db
    .insertInto('visa_request')
    .values({
      request_code: `VR-T${process.pid}-${randomUUID().slice(0, 8)}`.toUpperCase(),
      traveler_id: traveler.id,
      state_code: options.state ?? 1,
      transport_type: options.transportType ?? 'AE',
      crew_member: options.crewMember ?? false,
      travel_date: options.travelDate ?? new Date(Date.now() + 6 * 3_600_000),
      travel_doc_type: 'PASSAPORTO',
      travel_doc_number: traveler.document.number,
      destination_country: 'US',
      flight_number: options.transportType === 'MP' ? null : 'AZ 610',
      risk_result: options.riskResult ?? null,
      // Whole seconds, as the QR carries them.
      qr_issued_at: new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000),
    })
    .returning(['id', 'public_id', 'qr_issued_at'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('visa_request_invoice')
    .values(invoiceIds.map((invoiceId) => ({ visa_request_id: request.id, invoice_id: invoiceId })))
    .execute();
  return {
    id: request.id,
    publicId: request.public_id,
    travelerId: traveler.id,
    qrIssuedAt: request.qr_issued_at,
    invoiceIds,
    traveler,
  };
}
