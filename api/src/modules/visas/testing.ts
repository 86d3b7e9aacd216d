// Test support of the visa module (not a test file itself): invoices and exit point clients written straight into the
// database, a valid travel, and a QR stub for services built without the app.
import { randomBytes } from 'node:crypto';
import type { Travel } from '@varco/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { sha256 } from '../../secrets';
import { addDays, firstIssueDayWithinDeadline, romeToday } from '@varco/contracts';
import type { ExitActor } from './transitions';
import type { VisaQr } from './service';

let sequence = 0;
const merchants = new WeakMap<object, Promise<number>>();

function merchantOf(db: Kysely<Database>): Promise<number> {
  let merchant = merchants.get(db);
  if (!merchant) {
    merchant = db
      .insertInto('merchant')
      .values({
        kind: 'VENDOR',
        name: 'Boutique Visti S.r.l.',
        vat_number: `IT-VISA-${process.pid}-${randomBytes(3).toString('hex')}`,
        api_key_hash: sha256(randomBytes(16).toString('hex')),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((row) => row.id);
    merchants.set(db, merchant);
  }
  return merchant;
}

export interface TestInvoice {
  id: number;
  number: string;
}

/** An invoice of the holder of `document`, written directly (any issue day and state, which the intake would refuse). */
export async function insertInvoice(
  db: Kysely<Database>,
  document: { type: string; country: string; number: string },
  options: { issueDay?: string; totalAmount?: number; state?: number } = {},
): Promise<TestInvoice> {
  sequence += 1;
  const number = `V-${process.pid}-${sequence}`;
  const row = await db
    .insertInto('invoice')
    .values({
      request_code: `TF-TEST-${process.pid}-${sequence}-${randomBytes(2).toString('hex')}`,
      merchant_id: await merchantOf(db),
      vendor_vat_number: 'IT00000000000',
      vendor_name: 'Boutique Visti S.r.l.',
      broker_name: null,
      invoice_number: number,
      emission_date: options.issueDay ?? addDays(romeToday(), -2),
      total_amount: options.totalAmount ?? 150.5,
      iva_amount: 20,
      document_type: document.type,
      document_country: document.country,
      document_number: document.number.toUpperCase(),
      traveler_name: 'Grace Hopper',
      state_code: options.state ?? 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, number };
}

/** An issue day whose exit deadline is the last day of the current month (Europe/Rome). */
export const issueDayDueThisMonth = () => firstIssueDayWithinDeadline(romeToday());
/** An issue day whose exit deadline was the last day of last month. */
export const issueDayPastDeadline = () => addDays(issueDayDueThisMonth(), -1).slice(0, 8) + '01';

/** An instant `days` days from now (ISO, UTC). */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A travel by air to New York that passes every rule. */
export function validTravel(overrides: Partial<Travel> = {}): Travel {
  return {
    transportType: 'AE',
    crewMember: false,
    travelDate: inDays(2),
    travelDocType: 'PASSAPORTO',
    travelDocNumber: 'YA1234567',
    destinationCountry: 'US',
    destinationFreeZone: null,
    flightNumber: 'AZ 610',
    destinationAirport: 'JFK',
    ...overrides,
  };
}

/** A kiosk or officer of the exit point at Milano Malpensa (IT277100). */
export async function exitActor(db: Kysely<Database>, kind: ExitActor['kind'] = 'KIOSK'): Promise<ExitActor> {
  const row = await db
    .insertInto('exit_point_client')
    .values({
      kind,
      name: `${kind} ${process.pid}`,
      customs_office: 'IT277100',
      api_key_hash: sha256(randomBytes(16).toString('hex')),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { kind, clientId: row.id, customsOffice: 'IT277100' };
}

/** A QR stub: the token names the request and the issue instant; the PNG is its base64. */
export const stubQr: VisaQr = {
  issue: ({ publicId, issuedAt }) => `${publicId}.${issuedAt.toISOString()}`,
  png: async (token) => Buffer.from(token).toString('base64'),
};

export async function invoiceStates(db: Kysely<Database>, ids: number[]) {
  const rows = await db
    .selectFrom('invoice')
    .select(['id', 'state_code', 'in_completion', 'release_code', 'release_date', 'customs_office'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
